import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A local VIES-compatible stub (issue 30): answers per VAT number, or fails with 503 while `down`. */
export async function startVatStub(answers: Record<string, boolean>) {
  const state = { down: false, calls: [] as { countryCode: string; vatNumber: string }[] };
  let n = 0;
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      if (state.down || req.url !== '/check-vat-number') {
        res.writeHead(503).end();
        return;
      }
      const q = JSON.parse(body) as { countryCode: string; vatNumber: string };
      state.calls.push(q);
      const valid = answers[`${q.countryCode}${q.vatNumber}`] ?? false;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ valid, requestDate: '2026-11-27', requestIdentifier: `WAPIAAAA${++n}`, name: 'Acme SARL' }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, state, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
