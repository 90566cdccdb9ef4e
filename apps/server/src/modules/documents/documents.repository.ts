import type { Kysely, Selectable } from 'kysely';
import type { ProductDocumentsTable } from '../../db/schema.js';
import type { DB } from '../../db/tables.js';

export type DocumentRow = Selectable<ProductDocumentsTable>;

/** The documents module's tables (`product_documents`, `product_document_companies`, db/table-owners.ts). */
export function createDocumentsRepository(db: Kysely<DB>) {
  return {
    findById: (id: string): Promise<DocumentRow | undefined> => db.selectFrom('product_documents').selectAll().where('id', '=', id).executeTakeFirst(),

    /**
     * A product's documents, oldest first: every one (`audience` 'all': a shop admin), or those
     * public or shown to `companyId` (null: public ones only).
     */
    ofProduct(productId: string, audience: { all: true } | { companyId: string | null }): Promise<DocumentRow[]> {
      let query = db.selectFrom('product_documents').selectAll().where('product_id', '=', productId);
      if (!('all' in audience)) {
        const { companyId } = audience;
        query = query.where((eb) =>
          companyId === null
            ? eb('public', '=', 1)
            : eb.or([
                eb('public', '=', 1),
                eb.exists(
                  eb
                    .selectFrom('product_document_companies')
                    .select('document_id')
                    .whereRef('product_document_companies.document_id', '=', 'product_documents.id')
                    .where('product_document_companies.company_id', '=', companyId),
                ),
              ]),
        );
      }
      return query.orderBy('created_at', 'asc').orderBy('id', 'asc').execute();
    },

    /** Whether `companyId` is among the companies a document is shown to. */
    async shownTo(documentId: string, companyId: string): Promise<boolean> {
      const row = await db
        .selectFrom('product_document_companies')
        .select('document_id')
        .where('document_id', '=', documentId)
        .where('company_id', '=', companyId)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** The companies each document is shown to (an admin's answer). */
    async companiesOf(documentIds: readonly string[]): Promise<Map<string, string[]>> {
      const byDocument = new Map<string, string[]>();
      if (documentIds.length === 0) return byDocument;
      const rows = await db
        .selectFrom('product_document_companies')
        .selectAll()
        .where('document_id', 'in', [...documentIds])
        .orderBy('company_id')
        .execute();
      for (const r of rows) byDocument.set(r.document_id, [...(byDocument.get(r.document_id) ?? []), r.company_id]);
      return byDocument;
    },

    async countOfProduct(productId: string): Promise<number> {
      const row = await db
        .selectFrom('product_documents')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('product_id', '=', productId)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** The document and the companies it is shown to, in one transaction. */
    async insert(row: DocumentRow, companyIds: readonly string[]): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx.insertInto('product_documents').values(row).execute();
        if (companyIds.length) {
          await trx
            .insertInto('product_document_companies')
            .values(companyIds.map((company_id) => ({ document_id: row.id, company_id })))
            .execute();
        }
      });
    },

    /** Deletes the documents (and their companies) answering their storage keys. */
    async delete(ids: readonly string[]): Promise<string[]> {
      if (ids.length === 0) return [];
      return db.transaction().execute(async (trx) => {
        await trx
          .deleteFrom('product_document_companies')
          .where('document_id', 'in', [...ids])
          .execute();
        const gone = await trx
          .deleteFrom('product_documents')
          .where('id', 'in', [...ids])
          .returning('storage_key')
          .execute();
        return gone.map((g) => g.storage_key);
      });
    },

    async idsOfProduct(productId: string): Promise<string[]> {
      return (await db.selectFrom('product_documents').select('id').where('product_id', '=', productId).execute()).map((r) => r.id);
    },
  };
}

export type DocumentsRepository = ReturnType<typeof createDocumentsRepository>;
