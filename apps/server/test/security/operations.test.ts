import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, engine, type TestApp } from '../helpers/test-app.js';

describe(`health, readiness and metrics (${engine})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { METRICS_TOKEN: 'metrics-token-0123456789' } });
  });
  afterAll(async () => t?.close());

  it('GET /api/health and /api/ready answer 200', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready', database: engine });
  });

  it('/metrics needs the token when METRICS_TOKEN is set, and labels requests by route pattern', async () => {
    await t.app.inject({ method: 'GET', url: '/api/service/aaaaaaaaaaaaaaaaaaaaaaaa' });
    expect((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(401);
    t.app.metrics.ordersPlaced.inc();
    const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer metrics-token-0123456789' } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('http_requests_total{method="GET",route="/api/service/:id",status="404"} 1');
    expect(res.body).toContain('http_request_duration_seconds_bucket');
    expect(res.body).toContain('orders_placed_total 1');
    expect(res.body).not.toContain('aaaaaaaaaaaaaaaaaaaaaaaa');
  });

  it('GET /api/ready answers 503 JSON when the database is gone', async () => {
    const other = await createTestApp();
    await other.database.db.destroy();
    const res = await other.app.inject({ method: 'GET', url: '/api/ready' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ error: 'UNAVAILABLE' });
    await other.close(); // destroying twice is a no-op; this drops the fresh database
  });
});
