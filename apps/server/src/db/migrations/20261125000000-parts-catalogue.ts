import { sql, type Kysely, type RawBuilder } from 'kysely';
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
  // Brand first, then category, with `id` for the specification probe: the common filter
  // combinations (brand, brand + category) read only this index (ADR 0016).
  await db.schema.createIndex('products_brand').on('products').columns(['brand', 'archived', 'category', 'id']).execute();
  // The price range of a category: min/max per category are one index seek each (ADR 0016).
  await db.schema.createIndex('products_category_price').on('products').columns(['category', 'archived', 'price_cents']).execute();

  await db.schema
    .createTable('product_attributes')
    .addColumn('product_id', 'varchar(24)', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('product_attributes_pk', ['product_id', 'name'])
    // SQLite: the rows live in the primary-key b-tree, so a product's specifications (value
    // included) are one seek, not an index seek plus a table read per row (ADR 0016).
    .$call((t) => (pg ? t : t.modifyEnd(sql`without rowid`)))
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

  await createFacetCounts(db, pg);

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
    // Weights: A for the part number and name, B for brand and specification values, C for the
    // description. PostgreSQL's parser keeps `BB-6204` as `bb` and `-6204` and `AB.12/3` as one
    // path token, where FTS5's unicode61 splits at every character that is not a letter or digit:
    // replacing those with spaces first makes both engines index the same words.
    await sql`alter table products add column search_vector tsvector generated always as (
        setweight(to_tsvector('simple', regexp_replace(sku, '[^[:alnum:]]+', ' ', 'g')), 'A') ||
        setweight(to_tsvector('simple', regexp_replace(name, '[^[:alnum:]]+', ' ', 'g')), 'A') ||
        setweight(to_tsvector('simple', regexp_replace(brand, '[^[:alnum:]]+', ' ', 'g')), 'B') ||
        setweight(to_tsvector('simple', regexp_replace(jsonb_path_query_array(attributes::jsonb, '$.*')::text, '[^[:alnum:]]+', ' ', 'g')), 'B') ||
        setweight(to_tsvector('simple', regexp_replace(description, '[^[:alnum:]]+', ' ', 'g')), 'C')
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
  await dropFacetCounts(db, pg);
  if (pg) {
    for (const t of ['products_attributes_insert', 'products_attributes_update', 'products_attributes_delete']) {
      await sql`drop trigger if exists ${sql.raw(t)} on products`.execute(db);
    }
    await sql`drop function if exists product_attributes_keep()`.execute(db);
    await sql`drop index if exists products_search`.execute(db);
    await sql`alter table products drop column if exists search_vector`.execute(db);
  } else {
    for (const t of [
      'products_attributes_insert',
      'products_attributes_update',
      'products_attributes_delete',
      'products_fts_insert',
      'products_fts_update',
      'products_fts_delete',
    ]) {
      await sql`drop trigger if exists ${sql.raw(t)}`.execute(db);
    }
    await sql`drop table if exists products_fts`.execute(db);
  }
  await db.schema.dropTable('categories').ifExists().execute();
  await db.schema.dropTable('product_attributes').ifExists().execute();
  for (const index of ['products_sku', 'products_category', 'products_brand', 'products_category_price']) await db.schema.dropIndex(index).ifExists().execute();
  for (const column of ['category', 'images', 'attributes', 'brand', 'sku']) await db.schema.alterTable('products').dropColumn(column).execute();
}

/**
 * `product_facet_counts` (ADR 0016): visible (non-archived) products per leaf category ('' for
 * none) and kind: `all` (the number of products), `brand` (per brand), `attr` (per
 * specification name and value). Triggers keep it in the product write's own transaction, only
 * when category, brand, specifications or `archived` change: a stock change (every purchase)
 * never fires them. Rows that fall to 0 stay (readers skip them).
 *
 * PostgreSQL: inserts and deletes are counted once per statement (transition tables), so an
 * import's batch upserts each count row once; every counting transaction first takes one
 * transaction-level advisory lock, so two imports (or an import and an admin edit) serialize on
 * it instead of deadlocking on count rows locked in different orders. Order transactions never
 * take it.
 */
const FACET_LOCK = sql.raw(`hashtext('product_facet_counts')`);

/** The count rows of the products in `source` (columns category, brand, attributes, archived), each `sign`. */
function facetRows(source: string, sign: 1 | -1, pg: boolean) {
  const src = sql.raw(source);
  const each = pg ? sql`cross join lateral jsonb_each_text(r.attributes::jsonb) a` : sql`join json_each(r.attributes) a`;
  const d = sql.raw(String(sign));
  return sql`
    select coalesce(r.category, '') as category, 'all' as kind, '' as name, '' as value, ${d} as d from ${src} r where r.archived = 0
    union all select coalesce(r.category, ''), 'brand', '', r.brand, ${d} from ${src} r where r.archived = 0 and r.brand <> ''
    union all select coalesce(r.category, ''), 'attr', a.key, a.value, ${d} from ${src} r ${each} where r.archived = 0`;
}

/** The trigger's `old` or `new` row as a one-row relation. */
const oneRow = (who: 'old' | 'new') =>
  `(select ${who}.category as category, ${who}.brand as brand, ${who}.attributes as attributes, ${who}.archived as archived)`;

function upsertFacetRows(rows: RawBuilder<unknown>) {
  return sql`insert into product_facet_counts (category, kind, name, value, n)
    select category, kind, name, value, sum(d) from (${rows}) x where true group by category, kind, name, value order by category, kind, name, value
    on conflict (category, kind, name, value) do update set n = product_facet_counts.n + excluded.n`;
}

async function createFacetCounts(db: Kysely<unknown>, pg: boolean): Promise<void> {
  await db.schema
    .createTable('product_facet_counts')
    .addColumn('category', 'varchar(60)', (c) => c.notNull())
    .addColumn('kind', 'varchar(8)', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('n', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('product_facet_counts_pk', ['category', 'kind', 'name', 'value'])
    // PostgreSQL: `n` is in no index and pages keep room, so a count update is a HOT update whose
    // old version is pruned in place: a bulk import does not leave the table bloated (a whole-table
    // read is a few hundred kB, not the tens of MB measured with an index on `n`).
    .$call((t) => (pg ? t.modifyEnd(sql`with (fillfactor = 50)`) : t.modifyEnd(sql`without rowid`)))
    .execute();
  if (pg) {
    const fn = (name: string, body: RawBuilder<unknown>) =>
      sql`create function ${sql.raw(name)}() returns trigger language plpgsql as $$
      begin
        perform pg_advisory_xact_lock(${FACET_LOCK});
        ${body};
        return null;
      end $$`.execute(db);
    await fn('product_facet_counts_insert', upsertFacetRows(facetRows('new_rows', 1, true)));
    await fn('product_facet_counts_delete', upsertFacetRows(facetRows('old_rows', -1, true)));
    await fn('product_facet_counts_update', upsertFacetRows(sql`${facetRows(oneRow('old'), -1, true)} union all ${facetRows(oneRow('new'), 1, true)}`));
    await sql`create trigger products_facets_insert after insert on products referencing new table as new_rows
      for each statement execute function product_facet_counts_insert()`.execute(db);
    await sql`create trigger products_facets_delete after delete on products referencing old table as old_rows
      for each statement execute function product_facet_counts_delete()`.execute(db);
    await sql`create trigger products_facets_update after update of category, brand, attributes, archived on products for each row
      when (old.category is distinct from new.category or old.brand is distinct from new.brand
        or old.attributes is distinct from new.attributes or old.archived is distinct from new.archived)
      execute function product_facet_counts_update()`.execute(db);
  } else {
    const rows = (who: 'new' | 'old', sign: 1 | -1) => facetRows(oneRow(who), sign, false);
    await sql`create trigger products_facets_insert after insert on products begin
        ${upsertFacetRows(rows('new', 1))};
      end`.execute(db);
    await sql`create trigger products_facets_delete after delete on products begin
        ${upsertFacetRows(rows('old', -1))};
      end`.execute(db);
    await sql`create trigger products_facets_update after update of category, brand, attributes, archived on products
      when old.category is not new.category or old.brand is not new.brand or old.attributes is not new.attributes or old.archived is not new.archived begin
        ${upsertFacetRows(sql`${rows('old', -1)} union all ${rows('new', 1)}`)};
      end`.execute(db);
  }
  // The products already there (the demo catalogue before this migration).
  await upsertFacetRows(facetRows('products', 1, pg)).execute(db);
}

async function dropFacetCounts(db: Kysely<unknown>, pg: boolean): Promise<void> {
  for (const t of ['products_facets_insert', 'products_facets_delete', 'products_facets_update']) {
    await sql`drop trigger if exists ${sql.raw(t)}${sql.raw(pg ? ' on products' : '')}`.execute(db);
  }
  if (pg)
    for (const f of ['product_facet_counts_insert', 'product_facet_counts_delete', 'product_facet_counts_update'])
      await sql`drop function if exists ${sql.raw(f)}()`.execute(db);
  await db.schema.dropTable('product_facet_counts').ifExists().execute();
}
