import type { APIRequestContext } from '@playwright/test';
import type { Order, Product, Return } from '@bulkparts/shared';
import { expect, test } from './support/fixtures';
import { expectPdfDownload, pdfText } from './support/pdf';
import { addProduct, adminContext, fillShipTo, SHIP_TO } from './support/shop';
import { contextAs } from './support/users';

/**
 * Issue 31, what happens after the order, as only a browser shows it: shipments in parts with their
 * tracking links, a backordered line's promised date at checkout, and a return received and
 * credited. The set-up goes through the API; the pages are the buyer's and the admin's.
 */

const CARD = { cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' };

/** A paid order of `quantity` pieces of each product, placed through the buyer's cart. */
async function paidOrder(buyer: APIRequestContext, products: readonly Product[], quantity: number): Promise<Order> {
  await buyer.delete('/api/cart');
  expect((await buyer.post('/api/cart/lines', { data: { lines: products.map((p) => ({ sku: p.sku, quantity })) } })).ok()).toBe(true);
  const placed = await buyer.post('/api/cart/checkout', { data: { shippingAddress: SHIP_TO } });
  expect(placed.status(), await placed.text()).toBe(201);
  const order = (await placed.json()) as Order;
  const paid = await buyer.post(`/api/purchase/${order._id}/pay`, { data: CARD });
  expect(paid.status(), await paid.text()).toBe(200);
  return order;
}

test('the admin ships 2 of 3 lines with tracking, then the rest; the buyer sees the order partly shipped, then shipped', async ({ browser, baseURL }) => {
  const admin = await adminContext(browser, baseURL);
  const buyer = await contextAs(browser, 'shipwatch', baseURL);
  try {
    const products = await Promise.all(
      ['Axle', 'Bushing', 'Collar'].map((n) => addProduct(admin.request, { name: `${n} ${Date.now().toString(36).slice(-4)}` })),
    );
    const order = await paidOrder(buyer.request, products, 100);
    const adminPage = await admin.newPage();
    await adminPage.goto(`/dashboard/orders/${order._id}`);
    const form = adminPage.getByRole('form', { name: `Ship lines of order ${order.orderNumber}` });
    await form.getByLabel(`${products[2]!.sku} ${products[2]!.name}`).fill('0');
    await form.getByLabel('Carrier (optional)').fill('UPS');
    await form.getByLabel('Tracking number (optional)').fill('1Z999AA1');
    await form.getByRole('button', { name: 'Record shipment' }).click();
    const shipments = adminPage.getByRole('list', { name: 'Shipments' });
    await expect(shipments.getByRole('listitem').filter({ hasText: /^Shipment SH-\d{6}/ })).toHaveCount(1);

    const buyerPage = await buyer.newPage();
    await buyerPage.goto(`/dashboard/orders/${order._id}`);
    await expect(buyerPage.getByText('Partly shipped', { exact: true })).toBeVisible();
    const track = buyerPage.getByRole('link', { name: /Track 1Z999AA1/ });
    await expect(track).toHaveAttribute('href', 'https://www.ups.com/track?tracknum=1Z999AA1');
    await expect(buyerPage.getByRole('region', { name: 'Timeline' }).getByRole('listitem')).toContainText([/Shipped .*Shipment SH-\d{6} · Carrier: UPS/]);

    // The rest leaves in a second shipment; the buyer's page says the order has shipped.
    await adminPage.reload();
    await form.getByLabel('Carrier (optional)').fill('UPS');
    await form.getByRole('button', { name: 'Record shipment' }).click();
    await expect(shipments.getByRole('listitem').filter({ hasText: /^Shipment SH-\d{6}/ })).toHaveCount(2);
    await expect(form).toHaveCount(0);
    await buyerPage.reload();
    await expect(buyerPage.locator('.badge', { hasText: /^Shipped$/ })).toBeVisible();
    await expect(buyerPage.getByText('Partly shipped', { exact: true })).toHaveCount(0);
    await expect(
      buyerPage
        .getByRole('list', { name: 'Shipments' })
        .getByRole('listitem')
        .filter({ hasText: /^Shipment SH-\d{6}/ }),
    ).toHaveCount(2);
  } finally {
    await admin.close();
    await buyer.close();
  }
});

test('checkout says a backordered line ships by its promised date, and the buyer chooses how it ships', async ({ browser, baseURL }) => {
  const admin = await adminContext(browser, baseURL);
  const buyer = await contextAs(browser, 'backorderer', baseURL);
  try {
    const product = await addProduct(admin.request, { name: `Spacer ${Date.now().toString(36).slice(-4)}`, availableQuantity: 100 });
    const set = await admin.request.patch(`/api/service/${product._id}`, { data: { backorder: { allowed: true, leadTimeDays: 10 } } });
    expect(set.status(), await set.text()).toBe(200);
    await buyer.request.delete('/api/cart');
    expect((await buyer.request.post('/api/cart/lines', { data: { lines: [{ sku: product.sku, quantity: 300 }] } })).ok()).toBe(true);
    const page = await buyer.newPage();
    await page.goto('/checkout');
    const summary = page.getByRole('region', { name: 'Order summary' });
    await expect(summary.getByText(/^100 now, 200 by \d{1,2} [A-Z][a-z]{2}/)).toBeVisible();
    await fillShipTo(page);
    await page.getByRole('radio', { name: /^Ship complete/ }).check();
    await expect(page.getByText(/^Estimated dispatch: It ships by \d{1,2} [A-Z][a-z]{2}\.$/)).toBeVisible();
    await page.getByRole('button', { name: 'Place order' }).click();
    await page.waitForURL(/\/dashboard\/payment\//);
    const order = (await (await buyer.request.get(`/api/purchase/${new URL(page.url()).pathname.split('/').pop()}`)).json()) as Order;
    expect(order).toMatchObject({ fulfilment: 'ship_complete' });
    expect(order.lines[0]).toMatchObject({ quantity: 300, backordered: 200 });
    await page.goto(`/dashboard/orders/${order._id}`);
    await expect(page.getByText(/^200 Ps backordered, ships by \d{1,2} [A-Z][a-z]{2}$/)).toBeVisible();
  } finally {
    await admin.close();
    await buyer.close();
  }
});

test('a buyer returns one line, the admin approves and receives it, and the buyer downloads the credit note', async ({ browser, baseURL }) => {
  const admin = await adminContext(browser, baseURL);
  const buyer = await contextAs(browser, 'returner', baseURL);
  try {
    const products = await Promise.all(['Gasket', 'Shim'].map((n) => addProduct(admin.request, { name: `${n} ${Date.now().toString(36).slice(-4)}` })));
    const order = await paidOrder(buyer.request, products, 100);
    expect((await admin.request.patch(`/api/purchase/${order._id}`, { data: { status: 'shipped', carrier: 'UPS' } })).ok()).toBe(true);

    const page = await buyer.newPage();
    await page.goto(`/dashboard/orders/${order._id}`);
    await page.getByRole('button', { name: 'Return parts' }).click();
    const form = page.getByRole('form', { name: `Return parts of order ${order.orderNumber}` });
    const line = form.getByRole('group', { name: new RegExp(products[0]!.sku) });
    await line.getByLabel('Pieces to return').fill('40');
    await line.getByLabel('Why').fill('Wrong thread');
    await form.getByRole('button', { name: 'Ask to return' }).click();
    const returns = page.getByRole('list', { name: 'Returns of this order' });
    await expect(returns.getByText('Requested', { exact: true })).toBeVisible();
    const ret = ((await (await buyer.request.get(`/api/returns?order=${order._id}`)).json()) as Return[])[0]!;

    const adminPage = await admin.newPage();
    await adminPage.goto('/dashboard/returns?status=requested');
    const card = adminPage.getByRole('listitem').filter({ has: adminPage.getByRole('heading', { name: `Return ${ret.rmaNumber}` }) });
    await card.getByRole('button', { name: `Approve ${ret.rmaNumber}` }).click();
    await adminPage.getByLabel('Status').selectOption('approved');
    await card.getByRole('button', { name: `Receive ${ret.rmaNumber}` }).click();
    await card.getByRole('button', { name: 'Record receipt and credit' }).click();
    await adminPage.getByLabel('Status').selectOption('');
    await expect(card.getByText('Refunded', { exact: true })).toBeVisible();

    await page.reload();
    const note = returns.getByRole('link', { name: /^Download credit note CN-\d{6}$/ });
    const text = pdfText(await expectPdfDownload(page, note));
    expect(text).toContain('CREDIT NOTE');
    expect(text).toContain(ret.rmaNumber);
    expect(text).toContain('Total credited: $60.00');
  } finally {
    await admin.close();
    await buyer.close();
  }
});
