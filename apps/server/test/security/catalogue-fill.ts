import Database from 'better-sqlite3';

/**
 * Fills a migrated SQLite database with `count` generated products in a few set-based statements
 * (seconds for 200,000, where one insert per product through the triggers takes minutes): the
 * products' triggers are dropped, the products inserted by one `insert … select` from a
 * recursive sequence, the derived tables (specification rows, full-text index, kept facet
 * counts) rebuilt as the triggers would have kept them, and the triggers put back. Any products
 * there go; a small category tree is added and the products are filed in it.
 */
export function fillCatalogue(file: string, count: number): void {
  const db = new Database(file);
  try {
    db.pragma('foreign_keys = OFF');
    // No journal while filling (nothing else has the file open; a failed fill fails the test anyway):
    // every page is written once, not to the WAL and then again. The server puts WAL back at start.
    db.pragma('journal_mode = OFF');
    db.pragma('synchronous = OFF');
    db.pragma('cache_size = -262144');
    const triggers = db.prepare(`select sql from sqlite_master where type = 'trigger' and tbl_name = 'products'`).all() as { sql: string }[];
    const now = new Date().toISOString();
    const category = db.prepare('insert or ignore into categories (slug, name, parent, position, created_at, updated_at) values (?, ?, ?, ?, ?, ?)');
    ['fasteners', 'bearings', 'seals', 'fittings'].forEach((top, i) => {
      category.run(top, top, null, i * 10, now, now);
      ['metric', 'imperial', 'marine'].forEach((sub, j) => category.run(`${top}-${sub}`, `${top} ${sub}`, top, i * 10 + j + 1, now, now));
    });
    const slugs = (db.prepare('select slug from categories order by slug').all() as { slug: string }[]).map((c) => c.slug);
    const ADJ = ['Hex', 'Flange', 'Socket', 'Carriage', 'Spring', 'Lock', 'Tapered', 'Ball', 'Needle', 'Quick', 'Heavy', 'Mini'];
    const NOUN = ['Bolt', 'Nut', 'Washer', 'Screw', 'Bearing', 'Seal', 'Gasket', 'Valve', 'Elbow', 'Relay', 'Fuse', 'Sleeve', 'Pin', 'Stud'];
    const BRAND = ['Acme', 'Bolty', 'Nordfix', 'Skf', 'Timken', 'Parker', 'Festo', 'Wago', 'Hilti', 'Wurth', 'Igus', 'Kipp'];
    const THREAD = ['M3', 'M4', 'M5', 'M6', 'M8', 'M10', 'M12', 'M16', 'M20'];
    const MATERIAL = ['Steel', 'Stainless', 'Brass', 'Zinc', 'Nylon', 'Aluminium', 'Bronze'];
    const FINISH = ['Plain', 'Zinc plated', 'Black oxide', 'Galvanised', 'Passivated'];
    const pick = <T>(list: T[], i: number, prime: number): T => list[(i * prime + Math.floor(i / 7)) % list.length]!;
    const img = '/images/products/placeholder.webp';
    const images = JSON.stringify([img]);
    const t0 = Date.now();
    db.transaction(() => {
      for (const t of db.prepare(`select name from sqlite_master where type = 'trigger' and tbl_name = 'products'`).all() as { name: string }[]) {
        db.exec(`drop trigger "${t.name}"`);
      }
      db.exec('delete from products; delete from product_attributes; delete from products_fts; delete from product_facet_counts;');
      // Secondary indexes are built once at the end (sorting once beats 200,000 random inserts into each).
      const indexes = db
        .prepare(`select name, sql from sqlite_master where type = 'index' and sql is not null and tbl_name in ('products', 'product_attributes')`)
        .all() as { name: string; sql: string }[];
      for (const index of indexes) db.exec(`drop index "${index.name}"`);
      const insert = db.prepare(`insert into products (id, position, name, name_lower, description, price_e4, minimum_order_quantity,
        available_quantity, img, archived, created_at, updated_at, sku, brand, category, attributes, images) values (?, ?, ?, ?, ?, ?, 50, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
      for (let i = 0; i < count; i++) {
        const noun = pick(NOUN, i, 17);
        const thread = pick(THREAD, i, 7);
        const material = pick(MATERIAL, i, 5);
        const finish = pick(FINISH, i, 3);
        const name = `${pick(ADJ, i, 31)} ${noun} ${thread}`;
        const created = new Date(t0 - i * 1000).toISOString();
        const attributes = JSON.stringify({ Thread: thread, Material: material, Finish: finish, Length: `${((i * 13) % 20) + 1}0 mm` });
        insert.run(
          (0xe00000000 + i).toString(16).padStart(24, '0'),
          i + 1,
          name,
          name.toLowerCase(),
          `${material} ${noun.toLowerCase()} with ${finish.toLowerCase()} finish.`,
          (5 + ((i * 7919) % 50_000)) * 100,
          i % 10 === 0 ? 10 : 1000 + (i % 5000),
          img,
          i % 100 === 0 ? 1 : 0,
          created,
          created,
          `GEN-${i}`,
          pick(BRAND, i, 13),
          pick(slugs, i, 11),
          attributes,
          images,
        );
      }
      // What the triggers keep (migration 20261125000000-parts-catalogue), for every product at once.
      db.exec(`
        insert into product_attributes (product_id, name, value) select p.id, j.key, j.value from products p, json_each(p.attributes) j;

        insert into products_fts (product_id, sku, name, brand, description, attrs)
          select id, sku, name, brand, description, (select coalesce(group_concat(value, ' '), '') from json_each(attributes)) from products;

        insert into product_facet_counts (category, kind, name, value, n)
          select category, kind, name, value, count(*) from (
            select coalesce(r.category, '') as category, 'all' as kind, '' as name, '' as value from products r where r.archived = 0
            union all select coalesce(r.category, ''), 'brand', '', r.brand from products r where r.archived = 0 and r.brand <> ''
            union all select coalesce(r.category, ''), 'attr', a.key, a.value from products r join json_each(r.attributes) a where r.archived = 0
          ) group by category, kind, name, value;`);
      for (const index of indexes) db.exec(index.sql);
      for (const t of triggers) db.exec(t.sql);
    })();
    // Statistics for the planner, from a sample (a full ANALYZE of a million rows takes seconds).
    db.pragma('analysis_limit = 1000');
    db.exec('analyze');
  } finally {
    db.close();
  }
}
