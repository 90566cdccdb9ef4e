import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import type { Product } from '@bulkparts/shared';
import { formatNumber } from '@bulkparts/shared/money';
import { smallestOrder } from '@bulkparts/shared/quantity';
import { checkA11y, expect, test } from './support/fixtures';
import { postPaced } from './support/admin-helpers';
import { fitsThePhone, productNamed } from './support/shop';
import { PASSWORD, signInAs, user } from './support/users';

/**
 * Carts and multi-line purchase orders (issue 16): adding from three pages, the cart's per-line
 * rules, checkout with a PO number, paying, the invoice, 'Buy again', the quick order CSV, and a
 * signed-out visitor's cart joining the account at sign-in.
 */

const cartLink = (page: Page) => page.getByRole('link', { name: /^Cart, / });

test('three products from three pages, one order with a PO number, paid, invoiced, and bought again', async ({ page }) => {
  await signInAs(page, 'cart');
  const nut = await productNamed(page.request, 'Hex Nut M10 A2');
  const washer = await productNamed(page.request, 'Flat Washer M8');
  const screw = await productNamed(page.request, 'Socket Cap M6x20');

  // 1. A card in the catalogue.
  await page.goto(`/products?q=${encodeURIComponent(nut.name)}`);
  const card = page.getByRole('article').filter({ has: page.getByRole('heading', { name: nut.name }) });
  await card.getByLabel(`Quantity of ${nut.name}`).fill(String(nut.minimumOrderQuantity));
  await card.getByRole('button', { name: `Add to cart ${nut.name}` }).click();
  await expect(page.getByText('Added to cart').first()).toBeVisible();
  await expect(cartLink(page)).toHaveAccessibleName('Cart, 1 line in cart');

  // 2. Product details.
  await page.goto(`/productdetails/${washer._id}`);
  await page.getByRole('button', { name: `Add to cart ${washer.name}` }).click();
  await expect(cartLink(page)).toHaveAccessibleName('Cart, 2 lines in cart');

  // 3. The purchase page: its Purchase button stays; 'Add to cart' takes the quantity typed there.
  await page.goto(`/purchase/${screw._id}`);
  await expect(page.getByRole('button', { name: 'Purchase', exact: true })).toBeVisible();
  await page.getByLabel('Quantity', { exact: true }).fill(String(Math.max(screw.minimumOrderQuantity, 100)));
  await page.getByRole('button', { name: 'Add to cart', exact: true }).click();
  await expect(cartLink(page)).toHaveAccessibleName('Cart, 3 lines in cart');

  // The cart: a quantity under the minimum is refused on its line, with the rule's words.
  await cartLink(page).click();
  await expect(page).toHaveURL('/cart');
  // Issue 33: the cart is a table; a quantity is saved on Enter or on leaving its field.
  const lines = page.getByRole('table', { name: 'Cart lines' }).locator('tbody').getByRole('row');
  await expect(lines).toHaveCount(3);
  const nutQuantity = page.getByLabel(`Quantity of ${nut.name}`);
  await nutQuantity.fill('10');
  await nutQuantity.press('Enter');
  await expect(page.getByRole('alert').filter({ hasText: /Minimum order/ })).toBeVisible();
  await expect(nutQuantity).toHaveAttribute('aria-invalid', 'true');
  await checkA11y(page);
  const wanted = nut.minimumOrderQuantity + 50;
  await nutQuantity.fill(String(wanted));
  await nutQuantity.press('Tab');
  await expect(nutQuantity).toHaveAttribute('aria-invalid', 'false');
  await expect
    .poll(
      async () =>
        ((await (await page.request.get('/api/cart')).json()) as { lines: { sku: string; quantity: number }[] }).lines.find((l) => l.sku === nut.sku)?.quantity,
    )
    .toBe(wanted);

  // Checkout with a PO number and an address.
  await page.getByRole('button', { name: 'Checkout' }).click();
  await expect(page).toHaveURL('/checkout');
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Cara Cart');
  await page.getByLabel('Company (optional)').fill('Cart & Co');
  await page.getByLabel('Address line 1').fill('1 Dock Road');
  await page.getByLabel('Postal code').fill('12345');
  await page.getByLabel('City').fill('Springfield');
  await page.getByLabel('Country').fill('United States');
  await page.getByLabel('PO number (optional)').fill('PO-4711');
  await expect(page.getByRole('region', { name: 'Order summary' })).toContainText(washer.name);
  await page.getByRole('button', { name: 'Place order' }).click();
  // Issue 29: a card order goes straight to its payment page.
  await expect(page).toHaveURL(/\/dashboard\/payment\/[0-9a-f]{24}$/);
  const paymentUrl = page.url();
  await expect(cartLink(page)).toHaveAccessibleName('Cart, 0 lines in cart');
  await page.goto('/dashboard/myorders');

  // My Orders: the new order with its PO number, its line count (not the pieces of three parts
  // added up), its lines behind a disclosure, and Pay.
  const row = page.getByRole('row', { name: /PO-4711/ });
  await expect(row).toContainText('and 2 more parts');
  await expect(row.getByRole('cell', { name: '3 lines', exact: true })).toBeVisible();
  await expect(row.getByRole('cell', { name: 'Differs by line' })).toBeVisible();
  const disclosure = row.getByRole('button', { name: /^Show 3 lines/ });
  await expect(disclosure).toHaveAttribute('aria-expanded', 'false');
  await disclosure.click();
  await expect(row.getByRole('button', { name: /^Hide 3 lines/ })).toHaveAttribute('aria-expanded', 'true');
  await expect(row.getByRole('list', { name: /^Lines of/ }).getByRole('listitem')).toHaveCount(3);
  await expect(row).toContainText(screw.sku);
  await checkA11y(page);
  await row.getByRole('link', { name: /^Pay/ }).click();

  // Pay with the test card and open the invoice.
  await expect(page).toHaveURL(paymentUrl);
  await expect(page.getByRole('region', { name: 'Order summary' })).toContainText('3 lines');
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry').fill('12/34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: /^Pay \$/ }).click();
  await expect(page.getByText('Payment received. Thank you!')).toBeVisible();
  const paid = page.getByRole('region', { name: 'Paid' });
  const [download] = await Promise.all([page.waitForEvent('download'), paid.getByRole('link', { name: 'Invoice' }).click()]);
  expect(
    readFileSync(await download.path())
      .subarray(0, 4)
      .toString('latin1'),
  ).toBe('%PDF');

  // Buy again: the whole order back into the cart.
  await paid.getByRole('link', { name: 'Back to My Orders' }).click();
  await page
    .getByRole('row', { name: /PO-4711/ })
    .getByRole('button', { name: /^Buy again/ })
    .click();
  await expect(page).toHaveURL('/cart');
  await expect(page.getByRole('table', { name: 'Cart lines' }).locator('tbody').getByRole('row')).toHaveCount(3);
  await expect(page.getByLabel(`Quantity of ${nut.name}`)).toHaveValue(String(wanted));
  await expect(cartLink(page)).toHaveAccessibleName('Cart, 3 lines in cart');
});

test('quick order: 20 lines pasted from a spreadsheet, two bad rows named at once, fixed, all added', async ({ page }) => {
  await signInAs(page, 'quick');
  // Twenty parts the catalogue sells, each at its smallest order (its minimum, up to its pack multiple).
  const listed = (await (await page.request.get('/api/service?limit=60&sort=name')).json()) as Product[];
  const parts = listed.filter((p) => !p.archived && p.availableQuantity >= 5 * smallestOrder(p)).slice(0, 21);
  expect(parts.length).toBe(21);
  const [spare, ...twenty] = parts as [Product, ...Product[]];
  const rows = twenty.map((p, i) => [i === 4 ? 'NO-SUCH-PART' : p.sku, p.name, i === 11 ? '10' : formatNumber(smallestOrder(p))]);
  const copied = ['SKU\tDescription\tQty', ...rows.map((r) => r.join('\t'))].join('\n');

  await page.goto('/quick-order');
  await page.getByLabel('Paste from a spreadsheet').fill(copied);
  await page.getByRole('button', { name: 'Fill the grid' }).click();
  await expect(page.getByText('Read 20 lines (the header row was skipped).')).toBeVisible();
  await expect(page.getByLabel('SKU row 20', { exact: true })).toHaveValue(twenty[19]!.sku);
  // Both bad rows at once, each on its cell, and the count beside the button.
  const summary = page.getByTestId('quick-order-summary');
  await expect(summary).toContainText('20 lines · 2 to fix');
  await expect(page.getByLabel('SKU row 5', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('SKU row 5', { exact: true })).toHaveAccessibleDescription('No product has this SKU');
  await expect(page.getByLabel('Quantity row 12', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('Quantity row 12', { exact: true })).toHaveAccessibleDescription(/Minimum order/);
  await expect(page.getByRole('row', { name: new RegExp(twenty[0]!.name) })).toContainText('/ piece');
  await checkA11y(page);

  // Fixed: a real part for the unknown SKU, the smallest order for the short row.
  await page.getByLabel('SKU row 5', { exact: true }).fill(spare.sku);
  await page.getByLabel('Quantity row 5', { exact: true }).fill(String(smallestOrder(spare)));
  await page.getByLabel('Quantity row 12', { exact: true }).fill(String(smallestOrder(twenty[11]!)));
  await expect(summary).toContainText(/^20 lines · Subtotal \$/);
  await page.getByRole('button', { name: 'Add all to cart' }).click();
  await expect(page.getByText('20 lines added.')).toBeVisible();
  expect(((await (await page.request.get('/api/cart')).json()) as { count: number }).count).toBe(20);

  // The grid on a phone: it scrolls inside its box, the page does not.
  await page.setViewportSize({ width: 390, height: 800 });
  await page.getByRole('button', { name: 'Add rows' }).click();
  await expect(page.getByLabel('SKU row 10', { exact: true })).toBeVisible();
  await fitsThePhone(page);
});

test("a signed-out visitor's cart stays in the browser and joins the account at sign-in", async ({ page }) => {
  const washer = await productNamed(page.request, 'Flat Washer M8');
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto(`/products?q=${encodeURIComponent(washer.name)}`);
  const card = page.getByRole('article').filter({ has: page.getByRole('heading', { name: washer.name }) });
  await card.getByRole('button', { name: `Add to cart ${washer.name}` }).click();
  await expect(cartLink(page)).toHaveAccessibleName('Cart, 1 line in cart');

  await cartLink(page).click();
  await expect(page.getByRole('table', { name: 'Cart lines' })).toContainText(washer.name);
  await expect(page.getByRole('link', { name: 'Sign in to check out' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await checkA11y(page);

  const signIn = await postPaced(page.request, '/api/auth/sign-in/email', { email: user('visitor').email, password: PASSWORD });
  expect(signIn.ok(), await signIn.text()).toBe(true);
  await page.reload();
  await expect(page.getByRole('button', { name: 'Checkout' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Cart lines' })).toContainText(washer.name);
  expect(await page.evaluate(() => localStorage.getItem('bulkparts.cart'))).toBeNull();
  const cart = (await (await page.request.get('/api/cart')).json()) as { lines: { sku: string; quantity: number }[] };
  expect(cart.lines).toEqual([expect.objectContaining({ sku: washer.sku, quantity: Math.max(50, washer.minimumOrderQuantity) })]);
});
