import { isSitePageSlug, type SitePage, type SitePageInput } from '@bulkparts/shared';
import { notFound } from '../../lib/errors.js';
import { nowIso } from '../../lib/ids.js';
import type { SessionUser } from '../../lib/session-user.js';
import { DEFAULT_PAGES } from './default-pages.js';
import type { SitePagesRepository } from './site-pages.repository.js';

/**
 * The pages admins edit (issue 33): terms of sale and privacy. A small store of its own, apart
 * from any other settings: a page is its slug's row, or the starting text while there is none.
 */
export function createSitePagesService(repo: SitePagesRepository) {
  return {
    async get(slug: string): Promise<SitePage> {
      if (!isSitePageSlug(slug)) throw notFound('Page');
      const row = await repo.find(slug);
      return row ? { slug, title: row.title, body: row.body, updatedAt: row.updated_at } : { slug, ...DEFAULT_PAGES[slug], updatedAt: null };
    },

    async save(slug: string, input: SitePageInput, user: SessionUser): Promise<SitePage> {
      if (!isSitePageSlug(slug)) throw notFound('Page');
      const updatedAt = nowIso();
      await repo.save({ slug, title: input.title, body: input.body, updated_by: user.id, updated_at: updatedAt });
      return { slug, title: input.title, body: input.body, updatedAt };
    },
  };
}

export type SitePagesService = ReturnType<typeof createSitePagesService>;
