import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeStripe {
  url: string;
  /** Issue 31: while true, refunds are declined (Stripe's 402 card_error), as when a charge is disputed. */
  refuseRefunds: boolean;
  requests: Array<{ method: string; path: string; form: URLSearchParams; idempotencyKey: string | undefined }>;
  close(): Promise<void>;
}

/** The few Stripe endpoints the shop calls (Checkout Sessions, Refunds), answered locally so tests need no network. */
export async function startFakeStripe(): Promise<FakeStripe> {
  const requests: FakeStripe['requests'] = [];
  const fake: FakeStripe = { url: '', refuseRefunds: false, requests, close: () => new Promise((r) => server.close(() => r())) };
  let n = 0;
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      const form = new URLSearchParams(body);
      const path = (req.url ?? '').split('?')[0]!;
      const idempotencyKey = req.headers['idempotency-key'] as string | undefined;
      requests.push({ method: req.method ?? '', path, form, idempotencyKey });
      res.setHeader('content-type', 'application/json');
      if (req.method === 'POST' && path === '/v1/checkout/sessions') {
        const id = `cs_test_${++n}`;
        res.end(JSON.stringify({ id, object: 'checkout.session', url: `https://checkout.stripe.test/pay/${id}`, payment_status: 'unpaid', metadata: {} }));
        return;
      }
      if (req.method === 'POST' && path === '/v1/refunds' && fake.refuseRefunds) {
        res.statusCode = 402;
        res.end(JSON.stringify({ error: { type: 'card_error', code: 'charge_disputed', message: 'The charge is disputed' } }));
        return;
      }
      if (req.method === 'POST' && path === '/v1/refunds') {
        res.end(JSON.stringify({ id: `re_test_${++n}`, object: 'refund', status: 'succeeded', payment_intent: form.get('payment_intent') }));
        return;
      }
      res.statusCode = 404;
      res.end(JSON.stringify({ error: { type: 'invalid_request_error', message: `No fake for ${req.method} ${path}` } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  fake.url = `http://127.0.0.1:${port}`;
  return fake;
}
