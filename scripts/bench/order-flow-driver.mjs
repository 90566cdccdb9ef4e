// One closed-loop run of the buyer's cart flow (order-flow.mjs), in its own process:
//   node order-flow-driver.mjs '<json>'   → prints the result JSON on stdout
// Options: { url, buyers: [{ cookie, products: [productId…] }], lines, quantity, seconds, checkout? }
// (`checkout`: more fields for the checkout's body, e.g. issue 30's { shippingMethod }).
// Each buyer places orders one after another, and each request waits for the previous answer:
//   lines × PUT /api/cart/lines/{productId} { quantity }  (its products, in order)
//   POST /api/cart/checkout { poNumber, shippingAddress, paymentMethod: 'card' }
//   POST /api/purchase/{id}/pay  (the test card)
// A buyer starts no new order after `seconds`; the order in hand is finished (so its cart is empty
// for the next run) and counted. orders/s = orders paid / time until the last buyer stopped.
// A non-2xx answer is counted by kind and status, the buyer empties its cart and starts again.
// Latencies: from writing the request to the answer's last byte, ms, per kind.
import http from 'node:http';

const { url, buyers, lines, quantity = 100, seconds, checkout = {} } = JSON.parse(process.argv[2]);
const base = new URL(url);
const address = { name: 'Bench Buyer', line1: '1 Load Street', city: 'Manchester', postalCode: 'M1 1AA', country: 'United Kingdom' };
const card = JSON.stringify({ cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' });
const latency = { put: [], checkout: [], pay: [], order: [] };
const failures = {};
let orders = 0;
let sequence = 0;

function request(agent, cookie, method, path, body) {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const req = http.request(
      {
        host: base.hostname,
        port: base.port,
        method,
        path,
        agent,
        headers: {
          cookie,
          origin: url,
          ...(body === undefined ? {} : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }),
        },
      },
      (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode, text: Buffer.concat(chunks).toString('utf8'), ms: performance.now() - t0 }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

async function buyer({ cookie, products }, deadline) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const fail = (kind, status, text) => {
    const key = `${kind} ${status}`;
    failures[key] ??= { count: 0, sample: text.slice(0, 200) };
    failures[key].count++;
  };
  while (performance.now() < deadline) {
    const start = performance.now();
    let ok = true;
    for (let i = 0; i < lines && ok; i++) {
      const r = await request(agent, cookie, 'PUT', `/api/cart/lines/${encodeURIComponent(products[i])}`, JSON.stringify({ quantity }));
      latency.put.push(r.ms);
      if (r.status !== 200) {
        fail('put', r.status, r.text);
        ok = false;
      }
    }
    let order;
    if (ok) {
      const body = JSON.stringify({ poNumber: `PO-BENCH-${++sequence}`, shippingAddress: address, paymentMethod: 'card', ...checkout });
      const r = await request(agent, cookie, 'POST', '/api/cart/checkout', body);
      latency.checkout.push(r.ms);
      if (r.status === 201) order = JSON.parse(r.text);
      else {
        fail('checkout', r.status, r.text);
        ok = false;
      }
    }
    if (ok) {
      const r = await request(agent, cookie, 'POST', `/api/purchase/${order._id}/pay`, card);
      latency.pay.push(r.ms);
      if (r.status === 200) {
        orders++;
        latency.order.push(performance.now() - start);
      } else fail('pay', r.status, r.text);
    } else {
      await request(agent, cookie, 'DELETE', '/api/cart');
    }
  }
  agent.destroy();
}

const pct = (xs, p) => {
  if (xs.length === 0) return null;
  const s = [...xs].sort((a, b) => a - b);
  return Math.round(s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] * 100) / 100;
};
const started = performance.now();
await Promise.all(buyers.map((b) => buyer(b, started + seconds * 1000)));
const elapsed = (performance.now() - started) / 1000;
process.stdout.write(
  JSON.stringify({
    orders,
    seconds: elapsed,
    ordersPerSecond: orders / elapsed,
    failures,
    latency: Object.fromEntries(Object.entries(latency).map(([k, xs]) => [k, { n: xs.length, p50: pct(xs, 50), p99: pct(xs, 99) }])),
  }),
);
