// The storage floor of an order: the same conditional stock update and order insert the server
// runs, straight on better-sqlite3 in one process, with no HTTP, session, validation or
// serialisation: what SQLite allows an order on this disk, committing each or 50 at a time;
// printed beside the POST figure.
//   node storage-floor.mjs <bulkparts.db> <seconds>   → {"perCommit": ops/s, "batched50": ops/s}
// Runs on a copy of a database the server migrated (its real indexes and triggers).
import Database from 'better-sqlite3';

const [file, seconds = '3'] = process.argv.slice(2);
const db = new Database(file);
db.pragma('journal_mode = WAL');
db.pragma('synchronous = FULL'); // as the server (ADR 0008)
const product = db.prepare('select id, minimum_order_quantity as q from products where archived = 0 limit 1').get();
db.prepare('update products set available_quantity = 100000000 where id = ?').run(product.id);
const take = db.prepare('update products set available_quantity = available_quantity - ? where id = ? and available_quantity >= ? and archived = 0');
const insert = db.prepare(
  `insert into orders (id, product_id, product_name, product_img, unit_price_e4, quantity, total_cents, user_id, user_email, status, created_at, updated_at)
   values (?, ?, 'Part', '/images/products/placeholder.webp', 10000, ?, ?, 'floor-user', 'floor@example.com', 'pending', ?, ?)`,
);
let n = 0;
const place = () => {
  if (take.run(product.q, product.id, product.q).changes !== 1) throw new Error('stock ran out');
  const now = new Date().toISOString();
  insert.run(`f${(++n).toString(16).padStart(23, '0')}`, product.id, product.q, 100 * product.q, now, now);
};
const one = db.transaction(place);
const fifty = db.transaction(() => {
  for (let i = 0; i < 50; i++) place();
});
const rate = (fn, per) => {
  const end = Date.now() + Number(seconds) * 1000;
  const start = process.hrtime.bigint();
  let done = 0;
  while (Date.now() < end) {
    fn();
    done += per;
  }
  return done / (Number(process.hrtime.bigint() - start) / 1e9);
};
const out = { perCommit: rate(one, 1), batched50: rate(fifty, 50) };
db.close();
process.stdout.write(JSON.stringify(out));
