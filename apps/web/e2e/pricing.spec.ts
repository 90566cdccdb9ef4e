import type { Product } from '@bulkparts/shared';
import { checkA11y, expect, test } from './support/fixtures';
import { ADMIN_EMAIL, postPaced, signUpViaApi } from './support/admin-helpers';

/**
 * Quantity breaks and pack multiples (issue 17): the admin files a product with tiers, the tier
 * table marks the tier the typed quantity reaches and the total follows, the cart prices the line
 * by its tier and nudges to the next, and a pack multiple is refused in the shared rule's words.
 */

test.describe.configure({ mode: 'serial' });

test.beforeEach(async ({ page }) => {
  // Whichever journey runs first signs the admin up; later ones sign in.
  const signIn = await postPaced(page.request, '/api/auth/sign-in/email', { email: ADMIN_EMAIL, password: 'correct-horse-9' });
  if (!signIn.ok()) await signUpViaApi(page.request, ADMIN_EMAIL, 'Shop Admin');
});

const runTag = () => `${Date.now().toString(36).slice(-5)}${Math.floor(Math.random() * 36).toString(36)}`.toUpperCase();

test('tiers filed by the admin: the table marks the reached tier as the quantity changes, the total follows, the cart nudges', async ({ page }) => {
  const tag = runTag();
  const name = `Tiered Washer ${tag}`;
  await page.goto('/dashboard/addproduct');
  await page.getByLabel('SKU').fill(`TW-${tag}`);
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Price (per piece, $)').fill('0.18');
  await page.getByLabel('Minimum order quantity').fill('50');
  await page.getByLabel('Available quantity').fill('5000');
  await page.getByLabel('Image URL').fill(new URL('/images/products/ball-bearing.svg', page.url()).href);
  // A tier dearer than the price is refused under the rows, in the shared rule's words.
  await page.getByRole('button', { name: 'Add tier' }).click();
  await page.getByLabel('From Ps, tier 1').fill('200');
  await page.getByLabel('Price ($), tier 1').fill('0.20');
  await page.getByRole('button', { name: 'Add Product' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'The first tier must be cheaper than the price' })).toBeVisible();
  await checkA11y(page);
  await page.getByLabel('Price ($), tier 1').fill('0.15');
  await page.getByRole('button', { name: 'Add tier' }).click();
  await page.getByLabel('From Ps, tier 2').fill('500');
  await page.getByLabel('Price ($), tier 2').fill('0.12');
  await page.getByRole('button', { name: 'Add Product' }).click();
  await expect(page.getByText('Successfully Add product')).toBeVisible();

  const listed = (await (await page.request.get(`/api/service?q=${encodeURIComponent(`TW-${tag}`)}`)).json()) as Product[];
  const product = listed.find((p) => p.name === name);
  expect(product?.priceTiers).toEqual([
    { minQuantity: 200, price: 0.15 },
    { minQuantity: 500, price: 0.12 },
  ]);

  // Product details: the tiers from the smallest order, the row of the quantity in 'Add to cart' marked.
  await page.goto(`/productdetails/${product!._id}`);
  const detailsTable = page.getByRole('table', { name: 'Quantity prices' });
  await expect(detailsTable.getByRole('row')).toHaveText(['FromPrice per piece', '50 Ps$0.18/PsYour price', '200 Ps$0.15/Ps', '500 Ps$0.12/Ps']);
  await page.getByLabel(`Quantity of ${name}`).fill('250');
  await expect(detailsTable.locator('tr[aria-current="true"]').getByRole('rowheader')).toHaveText('200 Ps');
  await expect(page.getByText('You save $7.50')).toBeVisible();
  await checkA11y(page);

  // The purchase page, on a phone: 199 → 200 → 500 moves the marked row; price per piece and total follow.
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto(`/purchase/${product!._id}`);
  const quantity = page.getByLabel('Quantity', { exact: true });
  const reached = page.getByRole('table', { name: 'Quantity prices' }).locator('tr[aria-current="true"]');
  for (const [typed, row, unit, total] of [
    ['199', '50 Ps', '$0.18', '$35.82'],
    ['200', '200 Ps', '$0.15', '$30.00'],
    ['500', '500 Ps', '$0.12', '$60.00'],
  ] as const) {
    await quantity.fill(typed);
    await expect(reached).toHaveCount(1);
    await expect(reached.getByRole('rowheader')).toHaveText(row);
    await expect(reached).toContainText('Your price');
    await expect(page.getByLabel('Price per piece')).toHaveValue(unit);
    await expect(page.getByText(/^Total:/)).toHaveText(`Total: ${total}`);
  }
  await expect(page.getByText('You save $30.00')).toBeVisible();
  // Readable at 375 px: nothing wider than the screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await quantity.fill('450');
  await expect(page.getByText('Add 50 Ps to reach $0.12/Ps')).toBeVisible();
  await checkA11y(page);

  // The cart prices the line by its tier (the server's answer) and nudges to the next one.
  await page.getByRole('button', { name: 'Add to cart', exact: true }).click();
  await expect(page.getByText('Added to cart').first()).toBeVisible();
  await page.goto('/cart');
  const line = page.getByRole('listitem', { name });
  await expect(line).toContainText('$0.15 per piece');
  await expect(line).toContainText('$67.50');
  await expect(line).toContainText('Add 50 Ps to reach $0.12/Ps');
  await checkA11y(page);
  await line.getByRole('button', { name: `Remove ${name}` }).click();
  await expect(line).toHaveCount(0);
});

test('a pack multiple: the hint names it, the purchase form and the server refuse another quantity in the same words', async ({ page }) => {
  const tag = runTag();
  const created = await page.request.post('/api/service', {
    data: {
      sku: `PK-${tag}`,
      name: `Packed Rivet ${tag}`,
      price: 0.4,
      minimumOrderQuantity: 60,
      availableQuantity: 2000,
      orderMultiple: 25,
      img: '/images/products/ball-bearing.svg',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const product = (await created.json()) as Product;
  expect(product.orderMultiple).toBe(25);

  await page.goto(`/purchase/${product._id}`);
  const quantity = page.getByLabel('Quantity', { exact: true });
  // The smallest order is the minimum rounded up to the multiple.
  await expect(quantity).toHaveValue('75');
  await expect(page.getByText('75 to 1,000 pieces in multiples of 25, digits only')).toBeVisible();
  await quantity.fill('110');
  await page.getByRole('button', { name: 'Purchase', exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Order in multiples of 25 Ps' })).toBeVisible();
  await expect(quantity).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText(/^Total:/)).toHaveText('Total: —');
  await checkA11y(page);
  await quantity.fill('125');
  await expect(page.getByText(/^Total:/)).toHaveText('Total: $50.00');

  // The server says the same for the same quantity.
  const refused = await page.request.put(`/api/cart/lines/${product._id}`, { data: { quantity: 110 } });
  expect(refused.status()).toBe(400);
  expect(await refused.text()).toContain('Order in multiples of 25 Ps');
});
