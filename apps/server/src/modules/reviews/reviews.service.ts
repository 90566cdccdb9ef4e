import { isObjectId, type PaginationQuery, type Review, type ReviewInput } from '@bulkparts/shared';
import { notFound } from '../../lib/errors.js';
import { newId, nowIso } from '../../lib/ids.js';
import type { SessionUser } from '../../plugins/auth.js';
import type { ReviewRow, ReviewsRepository } from './reviews.repository.js';

const toReviewJson = (r: ReviewRow): Review => ({
  _id: r.id,
  name: r.name,
  img: r.img,
  designation: r.designation,
  description: r.description,
  rating: r.rating,
  createdAt: r.created_at,
});

export function createReviewsService(repo: ReviewsRepository) {
  return {
    async list(q: PaginationQuery): Promise<{ items: Review[]; total: number }> {
      const [rows, total] = await Promise.all([repo.list((q.page - 1) * q.limit, q.limit), repo.count()]);
      return { items: rows.map(toReviewJson), total };
    },

    /** The author's name and photo come from the signed-in identity, never from the body. */
    async create(author: SessionUser, input: ReviewInput): Promise<Review> {
      const row: ReviewRow = { id: newId(), user_id: author.id, name: author.name, img: author.image, ...input, created_at: nowIso() };
      await repo.insert(row);
      return toReviewJson(row);
    },

    async remove(id: string): Promise<void> {
      if (!isObjectId(id) || !(await repo.delete(id))) throw notFound('Review');
    },
  };
}
