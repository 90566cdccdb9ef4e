import {
  isObjectId,
  REVIEWS_PER_ACCOUNT_MAX,
  USER_NAME_MAX_LENGTH,
  userImageSchema,
  type PaginationQuery,
  type Review,
  type ReviewInput,
} from '@bulkparts/shared';
import { pageOffset } from '../../db/query-helpers.js';
import { AppError, notFound } from '../../lib/errors.js';
import { newId, nowIso } from '../../lib/ids.js';
import type { SessionUser } from '../../lib/session-user.js';
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
      const [rows, total] = await Promise.all([repo.list(pageOffset(q.page, q.limit), q.limit), repo.count()]);
      return { items: rows.map(toReviewJson), total };
    },

    /** The author's name and photo come from the signed-in identity, never from the body. */
    async create(author: SessionUser, input: ReviewInput): Promise<Review> {
      if ((await repo.countByUser(author.id)) >= REVIEWS_PER_ACCOUNT_MAX) {
        throw new AppError('CONFLICT', `You have already written ${REVIEWS_PER_ACCOUNT_MAX} reviews, the most one account may have`);
      }
      // Bounded again here: an account saved before update-user was checked may hold a huge name
      // or a script URL, and every review is shown on the public home page.
      const name = author.name.slice(0, USER_NAME_MAX_LENGTH);
      const img = author.image !== null && userImageSchema.safeParse(author.image).success ? author.image : null;
      const row: ReviewRow = { id: newId(), user_id: author.id, name, img, ...input, created_at: nowIso() };
      await repo.insert(row);
      return toReviewJson(row);
    },

    imageInUse: (url: string) => repo.imageInUse(url),

    async remove(id: string): Promise<void> {
      if (!isObjectId(id) || !(await repo.delete(id))) throw notFound('Review');
    },
  };
}

export type ReviewsService = ReturnType<typeof createReviewsService>;
