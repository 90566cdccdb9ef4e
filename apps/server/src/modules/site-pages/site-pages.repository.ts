import type { Kysely, Selectable } from 'kysely';
import type { SitePagesTable } from '../../db/schema.js';
import type { DB } from '../../db/tables.js';

export type SitePageRow = Selectable<SitePagesTable>;

/** The site-pages module's one table (`site_pages`, db/table-owners.ts). */
export function createSitePagesRepository(db: Kysely<DB>) {
  return {
    find: (slug: string): Promise<SitePageRow | undefined> => db.selectFrom('site_pages').selectAll().where('slug', '=', slug).executeTakeFirst(),

    async save(row: SitePageRow): Promise<void> {
      await db
        .insertInto('site_pages')
        .values(row)
        .onConflict((oc) => oc.column('slug').doUpdateSet({ title: row.title, body: row.body, updated_by: row.updated_by, updated_at: row.updated_at }))
        .execute();
    },
  };
}

export type SitePagesRepository = ReturnType<typeof createSitePagesRepository>;
