import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshPostgres, signUp, startServer, tempDataDir, type ServerProcess } from '../../../../scripts/lib/server-process.mjs';

/**
 * Two server processes on one PostgreSQL database (as behind a load balancer): orders across both
 * never oversell, a session made on one works on the other, failed sign-in limits are shared.
 */
const adminUrl = process.env.TEST_DATABASE_URL;
const run = process.env.TEST_ENGINE === 'postgres' && !!adminUrl;
const ADMIN = 'multi.admin@example.com';
let clientNo = 0;
/** A distinct client address (TEST-NET-3, never contacted: it is only a header value). */
const client = () => ({ 'x-forwarded-for': `203.0.113.${++clientNo}` });

let db: { url: string; drop(): Promise<void> } | undefined;
let a: ServerProcess | undefined;
let b: ServerProcess | undefined;
const dirA = tempDataDir('bulkparts-a-');
const dirB = tempDataDir('bulkparts-b-');

describe.skipIf(!run)('several instances on one PostgreSQL (skipped: needs TEST_DATABASE_URL and the postgres project)', () => {
  beforeAll(async () => {
    db = await freshPostgres(adminUrl!);
    // TRUST_PROXY as behind a load balancer: each simulated client sends its own X-Forwarded-For.
    const env = { TRUST_PROXY: 'true', DATABASE_URL: db.url, BETTER_AUTH_SECRET: 'multi-instance-secret-multi-instance-0123', ADMIN_EMAILS: ADMIN };
    // Start one first so that migrations run once; the second finds them applied (they also take a lock).
    a = await startServer({ env: { ...env, DATA_DIR: dirA } });
    b = await startServer({ env: { ...env, DATA_DIR: dirB } });
  }, 120_000);
  afterAll(async () => {
    await a?.kill('SIGKILL');
    await b?.kill('SIGKILL');
    await db?.drop();
  });

  it('a session made on one instance works on the other', async () => {
    const user = await signUp(a!.url, { headers: client() });
    const res = await fetch(`${b!.url}/api/auth/get-session`, { headers: { cookie: user.cookie } });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { user?: { email: string } } | null;
    expect(body?.user?.email).toBe(user.email);
    const profile = await fetch(`${b!.url}/api/profile`, { headers: { cookie: user.cookie } });
    expect(profile.status).toBe(200);
  });

  it('concurrent orders across both instances never oversell', async (ctx) => {
    // Confirmed through the mailed link (written to the instance's DATA_DIR): admins and buyers need it.
    const admin = await signUp(a!.url, { email: ADMIN, headers: client(), dataDir: dirA });
    const [product] = (await (await fetch(`${a!.url}/api/service?limit=1`)).json()) as Array<{
      _id: string;
      minimumOrderQuantity: number;
      availableQuantity: number;
    }>;
    const moq = product!.minimumOrderQuantity;
    const target = moq * 10; // room for exactly 10 orders
    const adj = await fetch(`${a!.url}/api/service/${product!._id}/stock`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: admin.cookie, origin: a!.url },
      body: JSON.stringify({ delta: target - product!.availableQuantity }),
    });
    expect(adj.status).toBe(200);
    const buyer = await signUp(b!.url, { headers: client(), dataDir: dirB });
    const statuses = await Promise.all(
      Array.from({ length: 30 }, (_, i) => {
        const base = i % 2 ? a!.url : b!.url;
        return fetch(`${base}/api/purchase`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', cookie: buyer.cookie, origin: base },
          body: JSON.stringify({ productId: product!._id, quantity: moq }),
        }).then(async (r) => ({ status: r.status, text: await r.text() }));
      }),
    );
    if (statuses.every((s) => s.status === 404 && s.text.includes('No route'))) return ctx.skip('POST /api/purchase does not exist yet');
    const ok = statuses.filter((s) => s.status === 201).length;
    expect(statuses.filter((s) => s.status >= 500)).toEqual([]);
    expect(ok).toBeLessThanOrEqual(10);
    const after = (await (await fetch(`${b!.url}/api/service/${product!._id}`)).json()) as { availableQuantity: number };
    expect(after.availableQuantity).toBe(target - ok * moq);
    expect(after.availableQuantity).toBeGreaterThanOrEqual(0);
    // Two sign-ups each wait up to 30 s for their mailed link (server-process.mjs), which the
    // test's own 30 s could not hold: it ran out once in CI under load, where it takes ~7 s alone.
  }, 90_000);

  it('failed sign-in limits are shared: 10 failures split across both, the 11th is 429', async (ctx) => {
    const user = await signUp(a!.url, { headers: client() });
    const attempt = (base: string) =>
      fetch(`${base}/api/auth/sign-in/email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: base, ...client() }, // a new address each time: the account's limit, not the address's
        body: JSON.stringify({ email: user.email, password: 'wrong-password-1' }),
      }).then((r) => r.status);
    const first: number[] = [];
    for (let i = 0; i < 10; i++) first.push(await attempt(i % 2 ? a!.url : b!.url));
    expect(first.filter((s) => s === 429)).toEqual([]);
    const eleventh = await attempt(b!.url);
    if (eleventh !== 429) {
      // Tell "not shared" from "no limit yet": does a single instance ever limit?
      const more: number[] = [];
      for (let i = 0; i < 12; i++) more.push(await attempt(a!.url));
      if (!more.includes(429)) return ctx.skip('no limit on failed sign-ins is implemented yet');
    }
    expect(eleventh).toBe(429);
  });
});
