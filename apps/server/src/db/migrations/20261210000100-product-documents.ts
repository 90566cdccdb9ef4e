import { type Kysely } from 'kysely';

/**
 * Product documents (issue 33), owned by the documents module.
 *
 * - `product_documents`: a PDF attached to a product, stored under `storage_key` (`doc-<32 hex>.pdf`,
 *   on disk or in the bucket: ADR 0021); `public` 1 when every caller may see it, else 0 and the
 *   companies that may are in:
 * - `product_document_companies`: one row per (document, company).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('product_documents')
    .addColumn('id', 'varchar(24)', (c) => c.primaryKey())
    .addColumn('product_id', 'varchar(24)', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('size_bytes', 'integer', (c) => c.notNull())
    .addColumn('storage_key', 'text', (c) => c.notNull())
    .addColumn('public', 'integer', (c) => c.notNull())
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('product_documents_product').on('product_documents').columns(['product_id', 'created_at']).execute();

  await db.schema
    .createTable('product_document_companies')
    .addColumn('document_id', 'varchar(24)', (c) => c.notNull())
    .addColumn('company_id', 'varchar(24)', (c) => c.notNull())
    .addPrimaryKeyConstraint('product_document_companies_pk', ['document_id', 'company_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('product_document_companies').execute();
  await db.schema.dropTable('product_documents').execute();
}
