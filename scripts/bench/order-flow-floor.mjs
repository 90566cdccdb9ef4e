// The raw-SQL floor of the buyer's cart flow (order-flow.mjs): the order's own statements straight
// on better-sqlite3 or pg, with no HTTP, session, validation, service code or answer, measured
// like the flow (closed loop, orders/s). In its own process:
//   node order-flow-floor.mjs '<json>'   → prints {"orders", "seconds", "ordersPerSecond"}
// Options: { engine: 'sqlite'|'postgres', file | url, buyers: [{ userId, email, products }], lines,
// quantity, seconds }. Runs on a database the current server migrated and seeded (its real
// tables, indexes and triggers), after that server has stopped. Per order, for one buyer:
//   1. `lines` cart-line upserts, each its own commit (as each PUT /api/cart/lines/{id} is);
//   2. one transaction: read the cart's lines with their products, insert the order and its lines
//      (one multi-row insert), take each line's stock with a conditional update in product-id
//      order (the order fails if one is short), empty the cart;
//   3. mark the order paid (conditional on 'pending'), its own commit.
// So `lines + 2` commits per order. SQLite: one connection with the server's pragmas (WAL,
// synchronous=FULL), the buyers' orders one after another (one writer; no group commit here).
// PostgreSQL: one connection per buyer, the buyers side by side, each its own closed loop.
import { randomBytes } from 'node:crypto';
import Database from 'better-sqlite3';
import pg from 'pg';

const opts = JSON.parse(process.argv[2]);
const { buyers, lines, quantity = 100, seconds } = opts;
const address = JSON.stringify({ name: 'Bench Buyer', line1: '1 Load Street', city: 'Manchester', postalCode: 'M1 1AA', country: 'United Kingdom' });
const prefix = randomBytes(4).toString('hex');
let counter = 0;
const newId = () => `${prefix}${(++counter).toString(16).padStart(16, '0')}`; // 24 characters, as the app's ids
const now = () => new Date().toISOString();
const NUMERIC = /int|real|num|double|float|decimal/i;

/**
 * The insert of an order: the columns the flow sets, plus any other NOT NULL column without a
 * default (filled with 0 or ''), so the floor follows schema changes.
 */
function orderColumns(columns, given) {
  const names = [...given];
  for (const c of columns) if (!names.includes(c.name) && c.required) names.push(c.name);
  return names;
}
function orderValues(o, columns, names) {
  const types = new Map(columns.map((c) => [c.name, c.type]));
  return names.map((n) => (n in o ? o[n] : NUMERIC.test(types.get(n) ?? '') ? 0 : ''));
}

/** A line's total in cents: 1/10,000 dollar × pieces rounded half up once (shared `lineTotalCents`, issue 30). */
const lineCents = (l) => Math.floor((Number(l.price_e4) * Number(l.quantity) + 50) / 100);

/** The order row the app writes for these cart lines (the legacy single-line columns from the first line). */
function orderRow(buyer, cart) {
  const first = cart[0];
  const total = cart.reduce((s, l) => s + lineCents(l), 0);
  const at = now();
  return {
    id: newId(),
    product_id: first.product_id,
    product_name: first.name,
    product_img: first.img,
    unit_price_e4: Number(first.price_e4),
    quantity: cart.reduce((s, l) => s + Number(l.quantity), 0),
    total_cents: total,
    user_id: buyer.userId,
    user_email: buyer.email,
    status: 'pending',
    created_at: at,
    updated_at: at,
    expires_at: new Date(Date.now() + 30 * 60_000).toISOString(),
    po_number: `PO-FLOOR-${counter}`,
    shipping_address: address,
    line_count: cart.length,
    payment_method: 'card',
  };
}
const GIVEN = Object.keys(orderRow({ userId: '', email: '' }, [{ product_id: '', name: '', img: '', price_e4: 0, quantity: 0 }]));
const CART_READ = `select c.product_id, c.quantity, p.name, p.img, p.sku, p.price_e4
  from cart_lines c join products p on p.id = c.product_id where c.user_id = ? order by c.created_at, c.product_id`;

async function sqliteFloor() {
  const db = new Database(opts.file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL'); // as the server (ADR 0008)
  db.pragma('busy_timeout = 5000');
  const columns = db
    .prepare('pragma table_info(orders)')
    .all()
    .map((c) => ({ name: c.name, type: c.type, required: c.notnull === 1 && c.dflt_value === null && c.pk === 0 }));
  const names = orderColumns(
    columns.filter((c) => c.name !== 'order_number'),
    GIVEN,
  );
  const insertOrder = db.prepare(
    `insert into orders (${names.join(', ')}, order_number) values (${names.map(() => '?').join(', ')}, (select coalesce(max(order_number), 0) + 1 from orders))`,
  );
  const upsert = db.prepare(
    `insert into cart_lines (user_id, product_id, quantity, created_at, updated_at) values (?, ?, ?, ?, ?)
     on conflict (user_id, product_id) do update set quantity = excluded.quantity, updated_at = excluded.updated_at`,
  );
  const readCart = db.prepare(CART_READ);
  const insertLines = new Map();
  const linesInsert = (n) => {
    if (!insertLines.has(n))
      insertLines.set(
        n,
        db.prepare(
          `insert into order_lines (order_id, line_no, product_id, sku, product_name, product_img, unit_price_e4, quantity, line_total_cents) values ${Array.from({ length: n }, () => '(?, ?, ?, ?, ?, ?, ?, ?, ?)').join(', ')}`,
        ),
      );
    return insertLines.get(n);
  };
  const take = db.prepare('update products set available_quantity = available_quantity - ? where id = ? and available_quantity >= ? and archived = 0');
  const clear = db.prepare('delete from cart_lines where user_id = ?');
  const pay = db.prepare(
    "update orders set status = 'paid', paid_at = ?, updated_at = ?, payment_provider = 'test', payment_reference = ?, card_brand = 'visa', card_last4 = '4242' where id = ? and status = 'pending'",
  );
  const place = db.transaction((buyer) => {
    const cart = readCart.all(buyer.userId);
    const o = orderRow(buyer, cart);
    insertOrder.run(orderValues(o, columns, names));
    linesInsert(cart.length).run(cart.flatMap((l, i) => [o.id, i + 1, l.product_id, l.sku, l.name, l.img, l.price_e4, l.quantity, lineCents(l)]));
    for (const l of [...cart].sort((a, b) => (a.product_id < b.product_id ? -1 : 1)))
      if (take.run(l.quantity, l.product_id, l.quantity).changes !== 1) throw new Error(`stock ran out for ${l.product_id}`);
    clear.run(buyer.userId);
    return o.id;
  });
  let orders = 0;
  const start = performance.now();
  const deadline = start + seconds * 1000;
  for (let k = 0; performance.now() < deadline; k++) {
    const buyer = buyers[k % buyers.length];
    for (let i = 0; i < lines; i++) {
      const at = now();
      upsert.run(buyer.userId, buyer.products[i], quantity, at, at);
    }
    const id = place(buyer);
    const at = now();
    if (pay.run(at, at, `floor_${id}`, id).changes !== 1) throw new Error('pay changed no row');
    orders++;
  }
  const elapsed = (performance.now() - start) / 1000;
  db.close();
  return { orders, seconds: elapsed, ordersPerSecond: orders / elapsed };
}

async function postgresFloor() {
  const numbered = (text) => {
    let n = 0;
    return text.replace(/\?/g, () => `$${++n}`);
  };
  const meta = new pg.Client({ connectionString: opts.url });
  await meta.connect();
  const columns = (
    await meta.query(
      "select column_name, data_type, is_nullable, column_default from information_schema.columns where table_schema = current_schema() and table_name = 'orders'",
    )
  ).rows.map((c) => ({ name: c.column_name, type: c.data_type, required: c.is_nullable === 'NO' && c.column_default === null }));
  await meta.end();
  const names = orderColumns(columns, GIVEN);
  const insertOrder = numbered(`insert into orders (${names.join(', ')}) values (${names.map(() => '?').join(', ')})`);
  const upsert = numbered(
    `insert into cart_lines (user_id, product_id, quantity, created_at, updated_at) values (?, ?, ?, ?, ?)
     on conflict (user_id, product_id) do update set quantity = excluded.quantity, updated_at = excluded.updated_at`,
  );
  const readCart = numbered(CART_READ);
  const linesInsert = (n) =>
    numbered(
      `insert into order_lines (order_id, line_no, product_id, sku, product_name, product_img, unit_price_e4, quantity, line_total_cents) values ${Array.from({ length: n }, () => '(?, ?, ?, ?, ?, ?, ?, ?, ?)').join(', ')}`,
    );
  const take = numbered('update products set available_quantity = available_quantity - ? where id = ? and available_quantity >= ? and archived = 0');
  const clear = numbered('delete from cart_lines where user_id = ?');
  const pay = numbered(
    "update orders set status = 'paid', paid_at = ?, updated_at = ?, payment_provider = 'test', payment_reference = ?, card_brand = 'visa', card_last4 = '4242' where id = ? and status = 'pending'",
  );
  let orders = 0;
  const start = performance.now();
  const deadline = start + seconds * 1000;
  await Promise.all(
    buyers.map(async (buyer) => {
      const c = new pg.Client({ connectionString: opts.url });
      await c.connect();
      try {
        while (performance.now() < deadline) {
          for (let i = 0; i < lines; i++) {
            const at = now();
            await c.query({ name: 'upsert', text: upsert, values: [buyer.userId, buyer.products[i], quantity, at, at] });
          }
          await c.query('begin');
          let id;
          try {
            const cart = (await c.query({ name: 'cart', text: readCart, values: [buyer.userId] })).rows;
            const o = orderRow(buyer, cart);
            id = o.id;
            await c.query({ name: 'order', text: insertOrder, values: orderValues(o, columns, names) });
            await c.query({
              name: `lines${cart.length}`,
              text: linesInsert(cart.length),
              values: cart.flatMap((l, i) => [o.id, i + 1, l.product_id, l.sku, l.name, l.img, l.price_e4, l.quantity, lineCents(l)]),
            });
            for (const l of [...cart].sort((a, b) => (a.product_id < b.product_id ? -1 : 1))) {
              const r = await c.query({ name: 'take', text: take, values: [l.quantity, l.product_id, l.quantity] });
              if (r.rowCount !== 1) throw new Error(`stock ran out for ${l.product_id}`);
            }
            await c.query({ name: 'clear', text: clear, values: [buyer.userId] });
            await c.query('commit');
          } catch (error) {
            await c.query('rollback');
            throw error;
          }
          const at = now();
          const r = await c.query({ name: 'pay', text: pay, values: [at, at, `floor_${id}`, id] });
          if (r.rowCount !== 1) throw new Error('pay changed no row');
          orders++;
        }
      } finally {
        await c.end();
      }
    }),
  );
  const elapsed = (performance.now() - start) / 1000;
  return { orders, seconds: elapsed, ordersPerSecond: orders / elapsed };
}

process.stdout.write(JSON.stringify(opts.engine === 'postgres' ? await postgresFloor() : await sqliteFloor()));
