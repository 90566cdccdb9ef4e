// One autocannon run in its own process: `node load.mjs '<json options>'` prints the result JSON.
import autocannon from 'autocannon';

/** The highest unit price a product may have, in 1/10,000 dollar (packages/shared's PRODUCT_PRICE_MAX_E4). */
const MAX_PRICE_E4 = 10_000_000_000;

// `uncached: true` appends a changing `_n=` parameter so every request has its own URL (the
// server's cache keys answers by the query as the route reads it, ADR 0028, so `_n=` alone no
// longer makes a miss); with `distinctQueries: true` (and `paths`) a changing `maxPrice=` instead,
// which the route reads, so every request is a query of its own and measures the database path. `paths` (with `uncached`): each request takes
// the next of these paths in turn (varied search words and filters), then its `_n=`.
// `rotate: true` with `paths` (and no `uncached`): each request takes the next path, with no `_n=`,
// so repeated paths are answered from the response cache (the cached figure of catalogue-search.mjs).
// `sequence: [{ method, path, body }]` with `cookies: [...]`: each connection runs the sequence as a
// buyer of its own, e.g. fill a cart, then check it out. autocannon resets a connection's context
// after each pass, so a buyer is taken from a free list at the first step and given back when the
// last step answers: two connections never share a cart.
const { uncached, distinctQueries, rotate, paths, sequence, cookies, ...opts } = JSON.parse(process.argv[2]);
let n = 0;
if (sequence) {
  const free = [...cookies];
  let spare = 0;
  opts.requests = sequence.map((step, i) => ({
    method: step.method,
    path: step.path,
    body: step.body,
    setupRequest: (req, context) => {
      if (i === 0) context.cookie = free.shift() ?? cookies[spare++ % cookies.length];
      return { ...req, headers: { ...req.headers, cookie: context.cookie } };
    },
    ...(i === sequence.length - 1 ? { onResponse: (_status, _body, context) => free.push(context.cookie) } : {}),
  }));
} else if (uncached && paths?.length) {
  opts.requests = [
    {
      setupRequest: (req) => {
        const p = paths[n++ % paths.length];
        // `distinctQueries`: a parameter the route reads (a maximum price above every price, one
        // 1/10,000 dollar lower each request: the unit prices are kept in), so no two requests are
        // the same query and no cache can answer one from another.
        return { ...req, path: `${p}${p.includes('?') ? '&' : '?'}${distinctQueries ? `maxPrice=${(MAX_PRICE_E4 - n) / 10_000}` : `_n=${n}`}` };
      },
    },
  ];
} else if (rotate && paths?.length) {
  opts.requests = [{ setupRequest: (req) => ({ ...req, path: paths[n++ % paths.length] }) }];
} else if (uncached) {
  const sep = opts.url.includes('?') ? '&' : '?';
  const base = new URL(opts.url);
  opts.requests = [{ setupRequest: (req) => ({ ...req, path: `${base.pathname}${base.search}${sep}_n=${++n}` }) }];
}
const result = await autocannon(opts);
process.stdout.write(
  JSON.stringify({
    rps: result.requests.average,
    total: result.requests.total,
    // Requests written to the server, answered or not (catalogue-search.mjs waits for the difference).
    sent: result.requests.sent,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    latency: { p50: result.latency.p50, p90: result.latency.p90, p97_5: result.latency.p97_5, p99: result.latency.p99 },
    statusCodeStats: result.statusCodeStats,
    // This process's own CPU over its life (ms): what the load generator took from the machine.
    cpuMs: (({ user, system }) => (user + system) / 1000)(process.cpuUsage()),
  }),
);
