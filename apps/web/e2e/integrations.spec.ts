import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import type { Product } from '@bulkparts/shared';
import { checkA11y, expect, test } from './support/fixtures';
import { addProduct, placeOrder } from './support/shop';
import { contextAs, statePath } from './support/users';

/**
 * Issue 19's integrations: the API reference served by the shop itself, API keys an ERP calls with,
 * and signed outgoing webhooks received by a server the test starts.
 */

// The page is the shop admin's (global-setup.ts); the `request` fixture, signed in as nobody, is the ERP.
test.use({ storageState: statePath('admin') });

test('the API reference renders from the shop itself, with nothing fetched from elsewhere', async ({ page, baseURL }) => {
  const requested: string[] = [];
  page.on('request', (req) => requested.push(req.url()));
  // Past ~125 operations Swagger UI draws the tags as they scroll into view: a tall window shows them all.
  await page.setViewportSize({ width: 1280, height: 12000 });
  await page.goto('/api/docs');
  // Tags start collapsed (plugins/openapi.ts): open the catalogue's.
  await page.locator('.opblock-tag[data-tag="service"]').click();
  const operation = page.locator('.opblock-get').filter({ has: page.locator('.opblock-summary-path[data-path="/api/service"]') });
  await expect(operation.first()).toBeVisible();
  await expect(operation.first().locator('.opblock-summary-method')).toHaveText('GET');
  await page.waitForLoadState('networkidle');

  const origin = new URL(baseURL!).origin;
  expect(requested.length).toBeGreaterThan(0);
  expect(requested.filter((url) => new URL(url).origin !== origin)).toEqual([]);
  // The document it renders is the shop's own (served beside the UI).
  expect(requested).toContain(`${origin}/api/docs/json`);
});

test('an admin creates an orders:read API key, an ERP uses it within its scope, and revoking it refuses it at once', async ({ page, request }) => {
  const name = `ERP ${Date.now().toString(36)}`;

  await page.goto('/dashboard/api-keys');
  await expect(page.getByRole('heading', { level: 1, name: 'API keys' })).toBeVisible();
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByRole('checkbox', { name: /orders:read/ }).check();
  await page.getByRole('button', { name: 'Create key' }).click();

  const shown = page.getByTestId('api-key-secret');
  await expect(shown).toHaveText(/^bp_\S+$/);
  const secret = (await shown.textContent())!.trim();
  await expect(page.getByRole('alert').filter({ hasText: /once/i })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('orders:read');
  await expect(row).toContainText('Active');
  await checkA11y(page);

  // Shown once: gone after 'I have saved it', and never shown again (the list has no secrets).
  await page.getByRole('button', { name: 'I have saved it' }).click();
  await expect(page.getByTestId('api-key-secret')).toHaveCount(0);
  await page.reload();
  await expect(row).toBeVisible();
  await expect(page.getByText(secret)).toHaveCount(0);
  await expect(page.getByTestId('api-key-secret')).toHaveCount(0);
  await expect(page.getByText(/bp_[\w-]{8,}/)).toHaveCount(0);

  // An ERP calls with the key: no session, only the bearer.
  const auth = { authorization: `Bearer ${secret}` };
  const orders = await request.get('/api/purchase?limit=5', { headers: auth });
  expect(orders.status(), await orders.text()).toBe(200);
  expect(Array.isArray(await orders.json())).toBe(true);

  const product = ((await (await request.get('/api/service?limit=1')).json()) as Product[])[0]!;
  const write = await request.patch(`/api/service/${product._id}/stock`, { headers: auth, data: { availableQuantity: product.availableQuantity } });
  expect(write.status(), await write.text()).toBe(403);

  await page.reload();
  await expect(row.getByRole('cell').nth(3)).not.toHaveText('Never');

  await row.getByRole('button', { name: `Revoke key ${name}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Yes, revoke' }).click();
  await expect(page.getByText(`Key ‘${name}’ revoked`)).toBeVisible();
  await expect(row).toContainText('Revoked');
  await expect(row.getByRole('button', { name: /Revoke/ })).toHaveCount(0);

  const refused = await request.get('/api/purchase?limit=5', { headers: auth });
  expect(refused.status(), await refused.text()).toBe(401);
});

type Received = { headers: IncomingHttpHeaders; body: string };

test('an admin registers a webhook endpoint; a placed order reaches it signed, and the delivery shows as succeeded', async ({ page, browser, baseURL }) => {
  const received: Received[] = [];
  const receiver: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  try {
    const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks/bulkparts`;
    // A product of its own: the demo catalogue's stock is counted exactly by other journeys.
    const product = await addProduct(page.request, { name: `Hooked ${Date.now().toString(36).slice(-5)}` });

    await page.goto('/dashboard/webhooks');
    await expect(page.getByRole('heading', { level: 1, name: 'Webhooks' })).toBeVisible();
    await page.getByLabel('Endpoint URL').fill(url);
    await page.getByRole('checkbox', { name: /order\.placed/ }).check();
    await page.getByRole('button', { name: 'Add endpoint' }).click();

    const shown = page.getByTestId('webhook-secret');
    await expect(shown).toHaveText(/^whsec_\S+$/);
    const secret = (await shown.textContent())!.trim();
    const row = page.getByRole('row').filter({ hasText: url });
    await expect(row).toContainText('order.placed');
    await checkA11y(page);
    await page.getByRole('button', { name: 'I have saved it' }).click();
    await expect(page.getByTestId('webhook-secret')).toHaveCount(0);

    // A buyer orders.
    const buyer = await contextAs(browser, 'hooked', baseURL);
    const order = await placeOrder(buyer.request, product._id, 100);
    await buyer.close();

    // The receiver gets it, signed with the secret shown once.
    const forOrder = () => received.filter((r) => r.body.includes(order._id));
    await expect.poll(() => forOrder().length, { timeout: 30_000 }).toBeGreaterThan(0);
    const delivery = forOrder()[0]!;
    const event = new Webhook(secret).verify(delivery.body, {
      'webhook-id': String(delivery.headers['webhook-id']),
      'webhook-timestamp': String(delivery.headers['webhook-timestamp']),
      'webhook-signature': String(delivery.headers['webhook-signature']),
    }) as { type: string; data: { _id: string } };
    expect(event.type).toBe('order.placed');
    expect(event.data._id).toBe(order._id);
    expect(() =>
      new Webhook(`whsec_${Buffer.from('not the secret, not at all').toString('base64')}`).verify(delivery.body, delivery.headers as Record<string, string>),
    ).toThrow();

    // The deliveries table says so. Journeys running beside this one place orders too, and each is
    // delivered here as well: every order.placed delivery is answered 204, so each reads Succeeded.
    const deliveries = page.getByRole('region', { name: `Deliveries to ${url}` });
    const lines = deliveries.getByRole('row').filter({ hasText: 'order.placed' });
    await expect(async () => {
      await page.reload();
      await row.getByRole('button', { name: `Deliveries to ${url}` }).click();
      await expect(lines.first()).toBeVisible({ timeout: 2_000 });
      const texts = await lines.allTextContents();
      expect(texts.length).toBeGreaterThanOrEqual(forOrder().length);
      for (const text of texts) {
        expect(text).toContain('Succeeded');
        expect(text).toContain('204');
      }
    }).toPass({ timeout: 30_000 });
    await checkA11y(page);
  } finally {
    // Removed again, so the orders of later journeys are not delivered to a receiver that is gone.
    const endpoints = (await (await page.request.get('/api/webhooks')).json()) as { id?: string; _id?: string; url: string }[];
    for (const endpoint of endpoints.filter((e) => e.url.startsWith(`http://127.0.0.1:${(receiver.address() as AddressInfo).port}/`)))
      await page.request.delete(`/api/webhooks/${endpoint.id ?? endpoint._id}`);
    await new Promise((resolve) => receiver.close(resolve));
  }
});
