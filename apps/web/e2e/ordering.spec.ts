import type { Page } from '@playwright/test';
import type { Order } from '@bulkparts/shared';
import { checkA11y, expect, expectLogged, test } from './support/fixtures';
import { expectPdfDownload } from './support/pdf';
import { availableQuantity, fillShipTo, placeOrder, productNamed, SHIP_TO } from './support/shop';
import { contextAs, signInAs, user } from './support/users';

/**
 * The buyer's ordering journey on the embedded test card gateway: product details, purchase with
 * the quantity rules, My Orders, paying (and being declined), the invoice PDF, and cancelling. Each
 * journey has its own buyer (global-setup.ts) and its own demo product, which no other journey
 * orders: the stock figures here are exact.
 */

async function fillCard(page: Page, cardNumber: string) {
  await page.getByLabel('Card number').fill(cardNumber);
  await page.getByLabel('Expiry').fill('12/34');
  await page.getByLabel('CVC').fill('123');
}

/** The row of My Orders (wide screens) for a product. */
const orderRow = (page: Page, productName: string) => page.getByRole('row', { name: new RegExp(productName) });

test('a new customer buys 100 pieces, pays by card and downloads the invoice', async ({ page }) => {
  await signInAs(page, 'buyer');
  const { email } = user('buyer');
  const product = await productNamed(page.request, 'Ball Bearing 6204');

  await page.goto(`/productdetails/${product._id}`);
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
  await expect(page.getByText('$2.45')).toBeVisible();
  await expect(page.getByText('Minimum order quantity')).toBeVisible();
  await expect(page.getByText(`${product.availableQuantity.toLocaleString('en-US')} Ps`)).toBeVisible();
  await expect(page.getByText(product.description)).toBeVisible();

  await page.getByRole('link', { name: 'Purchase', exact: true }).click();
  await expect(page).toHaveURL(`/purchase/${product._id}`);
  await expect(page.getByLabel('Product', { exact: true })).toHaveValue(product.name);
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue(email);
  await expect(page.getByLabel('Price per piece')).toHaveValue('$2.45');
  const quantity = page.getByLabel('Quantity', { exact: true });
  await expect(quantity).toHaveValue(String(product.minimumOrderQuantity));

  await quantity.fill('100');
  await expect(page.getByText('Total: $245.00')).toBeVisible();
  // Issue 29: the order is placed with the checkout's ship-to (required) and PO number.
  await fillShipTo(page);
  await page.getByLabel('PO number (optional)').fill('PO-E2E-1');
  await page.getByRole('button', { name: 'Purchase', exact: true }).click();
  await expect(page.getByText('Purchase is successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/myorders$/);
  const [placed] = (await (await page.request.get(`/api/purchase?order=${encodeURIComponent(email)}`)).json()) as Order[];
  expect(placed).toMatchObject({ shippingAddress: SHIP_TO, poNumber: 'PO-E2E-1' });

  const row = orderRow(page, product.name);
  await expect(row.getByRole('cell', { name: '100 Ps' })).toBeVisible();
  await expect(row.getByRole('cell', { name: '$245.00' })).toBeVisible();
  await expect(row.getByText('pending')).toBeVisible();
  await row.getByRole('link', { name: /^Pay/ }).click();

  await expect(page).toHaveURL(/\/dashboard\/payment\/[0-9a-f]{24}$/);
  await expect(page.getByRole('region', { name: 'Order summary' })).toContainText('100 Ps');
  await fillCard(page, '4242 4242 4242 4242');
  await page.getByRole('button', { name: 'Pay $245.00' }).click();
  await expect(page.getByText('Payment received. Thank you!')).toBeVisible();
  const paid = page.getByRole('region', { name: 'Paid' });
  await expect(paid).toBeVisible();
  await expect(paid).toContainText('Visa ending 4242');
  await checkA11y(page);

  await expectPdfDownload(page, paid.getByRole('link', { name: 'Invoice' }));

  await paid.getByRole('link', { name: 'Back to My Orders' }).click();
  await expect(row.getByText('Paid', { exact: true })).toBeVisible();
  await expect(row.getByRole('link', { name: /^Pay/ })).toHaveCount(0);
  await expect(row.getByRole('link', { name: /^Invoice/ })).toHaveAttribute('download', '');
  await expect(row.getByRole('button', { name: /^Cancel/ })).toHaveCount(0);
  // 'Buy again' puts the whole order back into the cart (issue 16; cart.spec.ts follows it there).
  await expect(row.getByRole('button', { name: /^Buy again/ })).toBeVisible();
});

test('a declined card says so and the order stays unpaid', async ({ page, consoleErrors }) => {
  await signInAs(page, 'declined');
  const product = await productNamed(page.request, 'Brass Elbow 1/2"');
  const order = await placeOrder(page.request, product._id, 50);

  // Unknown ids read as not found, never as a blank page.
  await page.goto('/productdetails/not-a-product');
  await expect(page.getByRole('heading', { name: 'Product not found' })).toBeVisible();
  await page.goto('/dashboard/payment/0123456789abcdef01234567');
  await expect(page.getByRole('heading', { name: 'Order not found' })).toBeVisible();

  await page.goto(`/dashboard/payment/${order._id}`);
  await fillCard(page, '4000 0000 0000 0002');
  await page.getByRole('button', { name: 'Pay $96.00' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Your card was declined.' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Pay $96.00' })).toBeEnabled();
  await checkA11y(page);
  // Chromium logs every non-2xx answer; the 402 of a decline is the expected answer here.
  expectLogged(consoleErrors, 402);

  expect(((await (await page.request.get(`/api/purchase/${order._id}`)).json()) as Order).paid).toBe(false);
  await page.goto('/dashboard/myorders');
  const row = orderRow(page, product.name);
  await expect(row.getByRole('link', { name: /^Pay/ })).toBeVisible();
  await expect(row.getByText('pending')).toBeVisible();
});

test('cancelling asks first; "no" keeps the order, "yes" cancels it and returns the stock', async ({ page }) => {
  await signInAs(page, 'cancel');
  const product = await productNamed(page.request, 'Linear Bearing LM12');
  const before = await availableQuantity(page.request, product._id);
  await placeOrder(page.request, product._id, 60);
  expect(await availableQuantity(page.request, product._id)).toBe(before - 60);

  await page.goto('/dashboard/myorders');
  const row = orderRow(page, product.name);
  const dialog = page.getByRole('dialog', { name: 'Are you sure?' });
  await row.getByRole('button', { name: /^Cancel/ }).click();
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'No, keep it' }).click();
  await expect(dialog).toBeHidden();
  await expect(row.getByText('pending')).toBeVisible();
  expect(await availableQuantity(page.request, product._id)).toBe(before - 60);

  await row.getByRole('button', { name: /^Cancel/ }).click();
  await dialog.getByRole('button', { name: 'Yes, cancel it' }).click();
  await expect(page.getByText(`Order for ${product.name} cancelled`)).toBeVisible();
  await expect(row.getByText('cancelled')).toBeVisible();
  await expect(row.getByRole('link', { name: /^Pay/ })).toHaveCount(0);
  await expect(row.getByRole('button', { name: /^Buy again/ })).toBeVisible();
  expect(await availableQuantity(page.request, product._id)).toBe(before);

  // On a phone the orders are cards and nothing scrolls sideways.
  await page.setViewportSize({ width: 375, height: 800 });
  const cards = page.getByRole('list', { name: 'My orders' });
  await expect(cards.getByRole('heading', { name: product.name })).toBeVisible();
  await expect(cards.getByText('60 Ps')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await checkA11y(page);
});

test('stock taken meanwhile is said on the field; a double click places one order', async ({ page, browser, baseURL }) => {
  await signInAs(page, 'stock');
  const { email } = user('stock');
  const product = await productNamed(page.request, 'Pillow Block UCP205');
  const stock = await availableQuantity(page.request, product._id);

  await page.goto(`/purchase/${product._id}`);
  await fillShipTo(page);
  await page.getByLabel('Quantity', { exact: true }).fill(String(stock - 50));
  // Another buyer takes most of the stock after this page loaded.
  const rival = await contextAs(browser, 'rival', baseURL);
  await placeOrder(rival.request, product._id, 100);
  await rival.close();
  await page.getByRole('button', { name: 'Purchase', exact: true }).click();
  const message = `Only ${stock - 100} Ps left in stock`;
  await expect(page.getByRole('alert').filter({ hasText: message }).first()).toBeVisible();
  await expect(page.getByLabel('Quantity', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await expect(page).toHaveURL(`/purchase/${product._id}`);

  await page.getByLabel('Quantity', { exact: true }).fill('50');
  await page.getByRole('button', { name: 'Purchase', exact: true }).dblclick();
  await expect(page).toHaveURL(/\/dashboard\/myorders$/);
  const mine = await page.request.get(`/api/purchase?order=${encodeURIComponent(email)}`);
  expect(mine.headers()['x-total-count']).toBe('1');
});

test('with Stripe the button goes to Checkout, and coming back waits for the confirmation', async ({ page, baseURL }) => {
  await signInAs(page, 'stripe');
  const product = await productNamed(page.request, 'Threaded Rod M12');
  const order = await placeOrder(page.request, product._id, 50);

  // The server runs the test card gateway here; the Stripe answers are stood in for in the browser.
  await page.route('**/api/payment-config', (route) => route.fulfill({ json: { provider: 'stripe' } }));
  let payBody: unknown;
  await page.route(`**/api/purchase/${order._id}/pay`, (route) => {
    payBody = route.request().postDataJSON();
    return route.fulfill({
      json: {
        status: 'redirect',
        message: 'Continue on the payment page',
        redirectUrl: `${baseURL}/dashboard/payment/${order._id}?checkout=success`,
        orderId: order._id,
      },
    });
  });

  await page.goto(`/dashboard/payment/${order._id}`);
  await expect(page.getByRole('button', { name: 'Pay $210.00 with Stripe' })).toBeVisible();
  await checkA11y(page);
  await page.getByRole('button', { name: 'Pay $210.00 with Stripe' }).click();
  await expect(page).toHaveURL(/\?checkout=success$/);
  expect(payBody).toEqual({});
  await expect(page.getByText('Waiting for payment confirmation…')).toBeVisible();
  await checkA11y(page);

  // The webhook arrives: the next poll sees the order paid.
  await page.route(`**/api/purchase/${order._id}`, async (route) => {
    const real = (await (await route.fetch()).json()) as Order;
    await route.fulfill({ json: { ...real, paid: true, status: 'paid', paidAt: new Date().toISOString(), invoiceNumber: null } });
  });
  await expect(page.getByRole('region', { name: 'Paid' })).toBeVisible({ timeout: 6_000 });
});
