import { readFileSync } from 'node:fs';
import type { Product } from '@bulkparts/shared';
import { checkA11y, expect, test } from './support/fixtures';
import { adminContext, addProduct, SHIP_TO } from './support/shop';
import { contextAs, signInAs } from './support/users';

/**
 * Issue 33, the daily speed of buyers who know what they want: the catalogue's dense list, comparing
 * parts, a cart kept as a requisition list and ordered again, and a datasheet only one company sees.
 * (Quick order from a spreadsheet: cart.spec.ts; the operator's inbox: admin.spec.ts; an invited
 * buyer's sign-up: companies.spec.ts.)
 */

test('the catalogue as a list of 50 rows, remembered; a row added to the cart from the list', async ({ page }) => {
  await signInAs(page, 'listview');
  await page.goto('/products');
  await page.getByRole('group', { name: 'Show products as' }).getByRole('button', { name: 'List' }).click();
  await page.getByLabel('Rows').selectOption('50');
  await expect(page).toHaveURL(/view=list&limit=50/);
  const rows = page.getByRole('table', { name: 'Products' }).locator('tbody').getByRole('row');
  const total = Number((await (await page.request.get('/api/service?limit=1')).headers())['x-total-count']);
  await expect(rows).toHaveCount(Math.min(50, total));

  // A part that can be ordered, added from its row with its smallest order.
  const row = rows.filter({ has: page.getByRole('button', { name: /^Add to cart / }) }).first();
  const name = (await row.getByRole('rowheader').textContent())!.trim();
  await row.getByRole('button', { name: `Add to cart ${name}` }).click();
  await expect(page.getByText('Added to cart').first()).toBeVisible();
  await expect(page.getByRole('link', { name: /^Cart, / })).toHaveAccessibleName('Cart, 1 line in cart');

  // The choice is remembered: the catalogue opens as the list again.
  await page.goto('/products');
  await expect(page.getByRole('table', { name: 'Products' }).locator('tbody').getByRole('row')).toHaveCount(Math.min(50, total));
});

test('three bolts compared side by side, their specifications aligned and the differences marked', async ({ page }) => {
  await page.goto('/products?category=bolts&view=grid');
  const cards = page.getByRole('main').getByRole('article');
  await expect(cards.first()).toBeVisible();
  const names: string[] = [];
  for (let i = 0; i < 3; i++) {
    const name = (await cards.nth(i).getByRole('heading').textContent())!.trim();
    names.push(name);
    await cards
      .nth(i)
      .getByRole('checkbox', { name: `Compare ${name}` })
      .check();
  }
  const tray = page.getByRole('region', { name: 'Compare products' });
  await expect(tray).toContainText('3 of 4 chosen to compare');
  await tray.getByRole('link', { name: 'Compare 3' }).click();
  await expect(page).toHaveURL(/\/compare\?ids=/);
  const table = page.getByRole('table', { name: 'Products side by side' });
  await expect(table.getByRole('columnheader')).toContainText(names);
  // Bolts of different threads: the Thread row says so, as text and not by colour alone.
  const thread = table.getByRole('row', { name: /^Thread/ });
  await expect(thread.getByRole('rowheader')).toContainText('Differs');
  await checkA11y(page);

  await table.getByRole('button', { name: `Remove ${names[0]} from the comparison` }).click();
  await expect(table.getByRole('columnheader')).toHaveCount(2);
});

test('a cart kept as a requisition list, ordered, and put back in the cart from the list the next time', async ({ page, browser, baseURL }) => {
  await signInAs(page, 'lister');
  const shop = await adminContext(browser, baseURL);
  const admin = shop.request;
  const stamp = Date.now().toString(36).slice(-5);
  const parts = [
    await addProduct(admin, { name: `List Part A ${stamp}`, availableQuantity: 5000 }),
    await addProduct(admin, { name: `List Part B ${stamp}`, availableQuantity: 5000, minimumOrderQuantity: 100 }),
  ];
  for (const p of parts) expect((await page.request.put(`/api/cart/lines/${p._id}`, { data: { quantity: p.minimumOrderQuantity } })).ok()).toBe(true);

  await page.goto('/cart');
  await page.getByRole('region', { name: 'Cart summary' }).getByRole('button', { name: 'Save as list' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save as a requisition list' });
  await dialog.getByLabel('List name').fill(`Monthly ${stamp}`);
  await dialog.getByRole('button', { name: 'Save list' }).click();
  await expect(dialog).toBeHidden();

  // This month's order empties the cart.
  const ordered = await page.request.post('/api/cart/checkout', { data: { shippingAddress: SHIP_TO } });
  expect(ordered.status(), await ordered.text()).toBe(201);

  // Next time: the list, all of it back into the cart.
  await page.goto('/dashboard/lists');
  await page.getByRole('link', { name: `Monthly ${stamp}`, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Monthly ${stamp}` })).toBeVisible();
  const lines = page
    .getByRole('table', { name: `Lines of Monthly ${stamp}` })
    .locator('tbody')
    .getByRole('row');
  await expect(lines).toHaveCount(2);
  await page.getByRole('button', { name: 'Add all to cart' }).click();
  await expect(page.getByText('2 lines added.')).toBeVisible();
  await page.getByRole('link', { name: 'View cart' }).click();
  const cart = page.getByRole('table', { name: 'Cart lines' });
  for (const p of parts) await expect(cart.getByRole('row', { name: p.name })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Checkout' })).toBeEnabled();
  await shop.close();
});

test("a company-only datasheet: uploaded by the admin, downloaded by that company's buyer, seen by nobody else", async ({ page, browser, baseURL }) => {
  const stamp = Date.now().toString(36).slice(-5);
  const companyName = `Datasheet Co ${stamp}`;
  const buyerContext = await contextAs(browser, 'docco', baseURL);
  const created = await buyerContext.request.post('/api/companies', {
    data: { name: companyName, billingAddress: { name: 'Doc Company', line1: '1 Mill Road', city: 'Leeds', postalCode: 'LS1 4AB', country: 'United Kingdom' } },
  });
  expect(created.status(), await created.text()).toBe(201);
  const shop = await adminContext(browser, baseURL);
  const product = await addProduct(shop.request, { name: `Doc Part ${stamp}` });

  // The admin attaches a certificate for that company from the product's page.
  const adminPage = await shop.newPage();
  await adminPage.goto(`/productdetails/${product._id}`);
  const form = adminPage.getByRole('form', { name: 'Upload a document' });
  const pdf = Buffer.from(`%PDF-1.4\n% certificate of ${stamp}\n%%EOF\n`);
  await form.getByLabel('PDF file').setInputFiles({ name: 'cert.pdf', mimeType: 'application/pdf', buffer: pdf });
  await form.getByLabel('Title').fill('Certificate 3.1');
  await form.getByLabel('Kind').selectOption('certificate');
  await form.getByLabel('Only the companies chosen').check();
  await form.getByRole('checkbox', { name: companyName }).check();
  await form.getByRole('button', { name: 'Upload document' }).click();
  await expect(adminPage.getByRole('region', { name: 'Manage documents' })).toContainText(`shown to ${companyName}`);
  const url = ((await (await shop.request.get(`/api/service/${product._id}`)).json()) as Product).documents![0]!.url;

  // The company's buyer sees it, with its size, and downloads the PDF.
  const buyerPage = await buyerContext.newPage();
  await buyerPage.goto(`/productdetails/${product._id}`);
  const documents = buyerPage.getByRole('region', { name: 'Documents' });
  await expect(documents).toContainText(`Certificate, PDF, ${pdf.length} B`);
  const [download] = await Promise.all([buyerPage.waitForEvent('download'), documents.getByRole('link', { name: 'Certificate 3.1' }).click()]);
  expect(readFileSync(await download.path()).equals(pdf)).toBe(true);

  // Another buyer: no documents on the page, and the URL is a 404.
  await signInAs(page, 'docother');
  await page.goto(`/productdetails/${product._id}`);
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
  await expect(page.getByRole('form', { name: `Add ${product.name} to a list` })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Documents' })).toHaveCount(0);
  expect((await page.request.get(url)).status()).toBe(404);
  await Promise.all([buyerContext.close(), shop.close()]);
});
