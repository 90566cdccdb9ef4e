import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { collectDefaultMetrics, Counter, Histogram, Registry } from 'prom-client';

export interface AppMetrics {
  registry: Registry;
  /** Call once per order placed: `app.metrics.ordersPlaced.inc()` (or `.inc(n)`). */
  ordersPlaced: Counter;
  httpRequests: Counter<'method' | 'route' | 'status'>;
  httpDuration: Histogram<'method' | 'route' | 'status'>;
}

declare module 'fastify' {
  interface FastifyInstance {
    metrics: AppMetrics;
  }
}

/**
 * Prometheus metrics at `GET /metrics`: `http_requests_total` and `http_request_duration_seconds`
 * by method, route pattern (never the raw URL: ids and query strings would explode the label set)
 * and status; `orders_placed_total`; Node's default process metrics.
 *
 * Access: when `METRICS_TOKEN` is set, a `Authorization: Bearer <token>` header is required.
 * Without it, development and tests serve loopback clients (127.0.0.0/8, ::1); production answers
 * 404: behind a reverse proxy on the same host every visitor arrives from loopback. Each app has its own registry,
 * so tests can build many apps in one process.
 *
 * Cost per request: one `onResponse` hook doing one map lookup, one counter increment and one
 * histogram observation on cached labelled children (no URL parsing, no label hashing).
 */
export default fp<{ token?: string; loopbackWithoutToken?: boolean }>(
  async function metricsPlugin(app: FastifyInstance, opts) {
    const registry = new Registry();
    collectDefaultMetrics({ register: registry });
    const labelNames = ['method', 'route', 'status'] as const;
    const httpRequests = new Counter({ name: 'http_requests_total', help: 'HTTP requests answered', labelNames, registers: [registry] });
    const httpDuration = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'HTTP request latency (first byte in to last byte out)',
      labelNames,
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
      registers: [registry],
    });
    const ordersPlaced = new Counter({ name: 'orders_placed_total', help: 'Orders placed', registers: [registry] });
    app.decorate('metrics', { registry, ordersPlaced, httpRequests, httpDuration });

    // The labelled children, made once per (method, route, status): prom-client otherwise hashes
    // the label object on every increment and observation.
    const children = new Map<string, { count: Counter.Internal; duration: Histogram.Internal<'method' | 'route' | 'status'> }>();
    app.addHook('onResponse', (request: FastifyRequest, reply: FastifyReply, done) => {
      // Unmatched URLs (404s, the SPA fallback) share one label instead of one per URL.
      const route = request.routeOptions.url ?? 'unmatched';
      const key = `${request.method} ${reply.statusCode} ${route}`;
      let child = children.get(key);
      if (!child) {
        const labels = { method: request.method, route, status: String(reply.statusCode) };
        child = { count: httpRequests.labels(labels), duration: httpDuration.labels(labels) };
        children.set(key, child);
      }
      child.count.inc();
      child.duration.observe(reply.elapsedTime / 1000);
      done();
    });

    app.get('/metrics', { logLevel: 'warn', schema: { produces: ['text/plain'] } }, async (request, reply) => {
      if (opts.token) {
        if (request.headers.authorization !== `Bearer ${opts.token}`) {
          return reply.status(401).send({ error: 'UNAUTHENTICATED', message: 'A valid metrics token is required' });
        }
      } else if (opts.loopbackWithoutToken === false) {
        return reply.status(404).send({ error: 'NOT_FOUND', message: 'Metrics are served only with METRICS_TOKEN set' });
      } else if (!isLoopback(request.socket.remoteAddress)) {
        return reply.status(403).send({ error: 'FORBIDDEN', message: 'Metrics are only served to loopback clients; set METRICS_TOKEN' });
      }
      reply.header('content-type', registry.contentType);
      return registry.metrics();
    });
  },
  { name: 'metrics' },
);

function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  return address === '::1' || address.startsWith('127.') || address.startsWith('::ffff:127.');
}
