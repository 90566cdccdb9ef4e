import { sql, type Kysely } from 'kysely';
import { dialectTypes } from './dialect.js';

/**
 * The parts catalogue (ADR 0014): SKUs, brands, categories, specifications, several images and
 * full-text search.
 *
 * - `products` gains `sku` (unique, stored upper-case, so uniqueness ignores case; existing rows
 *   get `P-<ID>`), `brand`, `category` (a category slug or null), `attributes` (JSON object text)
 *   and `images` (JSON array text; `img` stays its first entry).
 * - `product_attributes` holds one row per (product, specification) for filters and facets.
 *   Triggers keep it from `products.attributes`, so it is right whoever writes `products` (the
 *   app, the import, the seed, a script) and it changes in the same transaction as the product.
 * - `categories`: the tree (owned by the categories module).
 * - Full text: on SQLite an FTS5 table kept by triggers; on PostgreSQL a generated `tsvector`
 *   column with a GIN index. Both use no stemming (`unicode61` / the `simple` configuration), so
 *   the two engines match the same words; prefix search covers plurals as the user types.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const { pg } = dialectTypes(db);
  await db.schema
    .alterTable('products')
    .addColumn('sku', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  for (const [column, fallback] of [
    ['brand', `''`],
    ['attributes', `'{}'`],
    ['images', `'[]'`],
  ] as const) {
    await db.schema
      .alterTable('products')
      .addColumn(column, 'text', (c) => c.notNull().defaultTo(sql.raw(fallback)))
      .execute();
  }
  await db.schema.alterTable('products').addColumn('category', 'text').execute();
  await sql`update products set sku = 'P-' || upper(id), images = '["' || replace(img, '"', '\\"') || '"]'`.execute(db);
  await db.schema.createIndex('products_sku').on('products').column('sku').unique().execute();
  await db.schema.createIndex('products_category').on('products').columns(['category', 'archived']).execute();
  await db.schema.createIndex('products_brand').on('products').columns(['brand', 'archived']).execute();

  await db.schema
    .createTable('product_attributes')
    .addColumn('product_id', 'varchar(24)', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('product_attributes_pk', ['product_id', 'name'])
    .execute();
  await db.schema.createIndex('product_attributes_name_value').on('product_attributes').columns(['name', 'value', 'product_id']).execute();

  await db.schema
    .createTable('categories')
    .addColumn('slug', 'varchar(60)', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('parent', 'varchar(60)')
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('categories_parent').on('categories').column('parent').execute();

  if (pg) {
    await sql`
      create function product_attributes_keep() returns trigger language plpgsql as $$
      begin
        if tg_op <> 'INSERT' then
          delete from product_attributes where product_id = old.id;
        end if;
        if tg_op <> 'DELETE' then
          insert into product_attributes (product_id, name, value)
            select new.id, key, value from jsonb_each_text(new.attributes::jsonb);
        end if;
        return null;
      end $$`.execute(db);
    await sql`create trigger products_attributes_insert after insert on products for each row execute function product_attributes_keep()`.execute(db);
    await sql`create trigger products_attributes_update after update of attributes on products for each row
      when (old.attributes is distinct from new.attributes) execute function product_attributes_keep()`.execute(db);
    await sql`create trigger products_attributes_delete after delete on products for each row execute function product_attributes_keep()`.execute(db);
    // Weights: A for the part number and name, B for brand and specifications, C for the description.
    await sql`alter table products add column search_vector tsvector generated always as (
        setweight(to_tsvector('simple', sku), 'A') ||
        setweight(to_tsvector('simple', name), 'A') ||
        setweight(to_tsvector('simple', brand), 'B') ||
        setweight(jsonb_to_tsvector('simple', attributes::jsonb, '["string"]'), 'B') ||
        setweight(to_tsvector('simple', description), 'C')
      ) stored`.execute(db);
    await sql`create index products_search on products using gin (search_vector)`.execute(db);
  } else {
    await sql`
      create trigger products_attributes_insert after insert on products begin
        insert into product_attributes (product_id, name, value) select new.id, key, value from json_each(new.attributes);
      end`.execute(db);
    await sql`
      create trigger products_attributes_update after update of attributes on products when old.attributes is not new.attributes begin
        delete from product_attributes where product_id = old.id;
        insert into product_attributes (product_id, name, value) select new.id, key, value from json_each(new.attributes);
      end`.execute(db);
    await sql`
      create trigger products_attributes_delete after delete on products begin
        delete from product_attributes where product_id = old.id;
      end`.execute(db);
    // product_id is indexed as a single token so the triggers find a product's row by MATCH
    // (an index lookup); searches name the other columns only. The implicit rowid of `products`
    // is not used: VACUUM may renumber it.
    await sql`create virtual table products_fts using fts5(
        product_id, sku, name, brand, description, attrs,
        tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3')`.execute(db);
    const row = sql`new.id, new.sku, new.name, new.brand, new.description, (select coalesce(group_concat(value, ' '), '') from json_each(new.attributes))`;
    await sql`
      create trigger products_fts_insert after insert on products begin
        insert into products_fts (product_id, sku, name, brand, description, attrs) values (${row});
      end`.execute(db);
    await sql`
      create trigger products_fts_update after update of sku, name, brand, description, attributes on products
      when old.sku is not new.sku or old.name is not new.name or old.brand is not new.brand
        or old.description is not new.description or old.attributes is not new.attributes begin
        delete from products_fts where products_fts match 'product_id:"' || old.id || '"';
        insert into products_fts (product_id, sku, name, brand, description, attrs) values (${row});
      end`.execute(db);
    await sql`
      create trigger products_fts_delete after delete on products begin
        delete from products_fts where products_fts match 'product_id:"' || old.id || '"';
      end`.execute(db);
    await sql`insert into products_fts (product_id, sku, name, brand, description, attrs)
      select id, sku, name, brand, description, '' from products`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const { pg } = dialectTypes(db);
  if (pg) {
    for (const t of ['products_attributes_insert', 'products_attributes_update', 'products_attributes_delete']) {
      await sql`drop trigger if exists ${sql.raw(t)} on products`.execute(db);
    }
    await sql`drop function if exists product_attributes_keep()`.execute(db);
    await sql`drop index if exists products_search`.execute(db);
    await sql`alter table products drop column if exists search_vector`.execute(db);
  } else {
    for (const t of ['products_attributes_insert', 'products_attributes_update', 'products_attributes_delete', 'products_fts_insert', 'products_fts_update', 'products_fts_delete']) {
      await sql`drop trigger if exists ${sql.raw(t)}`.execute(db);
    }
    await sql`drop table if exists products_fts`.execute(db);
  }
  await db.schema.dropTable('categories').ifExists().execute();
  await db.schema.dropTable('product_attributes').ifExists().execute();
  for (const index of ['products_sku', 'products_category', 'products_brand']) await db.schema.dropIndex(index).ifExists().execute();
  for (const column of ['category', 'images', 'attributes', 'brand', 'sku']) await db.schema.alterTable('products').dropColumn(column).execute();
}
