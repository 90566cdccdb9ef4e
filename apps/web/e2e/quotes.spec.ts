import type { APIRequestContext, Locator, Page } from '@playwright/test';
import type { Product, Quote } from '@bulkparts/shared';
import { checkA11y, expect, test } from './support/fixtures';
import { expectPdfDownload } from './support/pdf';
import { ADMIN_EMAIL } from './support/admin-helpers';
import { waitForMail } from './support/mailbox';
import { addProduct as addShopProduct, adminContext, fitsThePhone } from './support/shop';
import { signInAs, user } from './support/users';

/**
 * Requests for quote (issue 17): a buyer asks for 5,000 pieces (past the 1000 an order takes), the
 * admin answers in the dashboard, the buyer follows the mailed link, downloads the quote PDF,
 * accepts, and pays the order at the quoted price with the test card.
 */

/** A product with stock for the quote (the demo catalogue's stock is below 5,000 pieces). */
const addProduct = (admin: APIRequestContext, name: string): Promise<Product> =>
  addShopProduct(admin, { name, description: 'Quote journey part', price: 0.2, availableQuantity: 20000 });

test('a buyer asks for 5,000 pieces, the admin answers, the buyer downloads the quote, accepts and pays', async ({ page, browser, baseURL }) => {
  const admin = await adminContext(browser, baseURL);
  const product = await addProduct(admin.request, `Quote Washer ${Date.now().toString(36).slice(-5)}`);
  await signInAs(page, 'quote');
  const buyer = user('quote').email;

  // Product details → purchase: past 1,000 pieces the purchase page offers a quote instead.
  await page.goto(`/purchase/${product._id}`);
  await page.getByLabel('Quantity', { exact: true }).fill('5000');
  await page.getByRole('link', { name: 'Request a quote' }).click();
  await expect(page).toHaveURL(new RegExp(`/quotes/new\\?productId=${product._id}&quantity=5000$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Request a quote' })).toBeVisible();
  const quantity = page.getByRole('spinbutton', { name: `Quantity of ${product.name}` });
  await expect(quantity).toHaveValue('5000');
  await page.getByLabel('Note (optional)').fill('Delivery in two lots, please.');
  const since = Date.now();
  await page.getByRole('button', { name: 'Request quote' }).click();

  await expect(page).toHaveURL(/\/quotes\/[^/]+$/);
  const heading = page.getByRole('heading', { level: 1, name: /^Quote Q-\d{6}$/ });
  await expect(heading).toBeVisible();
  const quoteNumber = (await heading.textContent())!.replace('Quote ', '');
  const quoteId = new URL(page.url()).pathname.split('/').pop()!;
  await expect(page.getByText('Requested', { exact: true })).toBeVisible();
  await expect(page.getByRole('cell', { name: '5,000 Ps' })).toBeVisible();
  await expect(page.getByText('Delivery in two lots, please.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Withdraw request' })).toBeVisible();
  await waitForMail(ADMIN_EMAIL, `Request for quote ${quoteNumber}`, since);

  // The admin answers from the dashboard's list of requests.
  const adminPage = await admin.newPage();
  await adminPage.goto('/dashboard/quotes');
  await adminPage.getByRole('button', { name: 'Requested', exact: true }).click();
  await expect(adminPage).toHaveURL(/status=requested/);
  const row = adminPage.getByRole('row', { name: new RegExp(quoteNumber) });
  await expect(row.getByText(buyer)).toBeVisible();
  await row.getByRole('link', { name: quoteNumber }).click();
  await expect(adminPage).toHaveURL(`/quotes/${quoteId}`);
  const price = adminPage.getByRole('spinbutton', { name: `Unit price ($) for ${product.name}` });
  await expect(price).toHaveValue('0.2');
  await price.fill('0.15');
  await expect(adminPage.getByText('Quoted total: $750.00')).toBeVisible();
  await adminPage.getByLabel('Message to the buyer (optional)').fill('Two lots are fine.');
  const answeredAt = Date.now();
  await adminPage.getByRole('button', { name: 'Send answer' }).click();
  await expect(adminPage.getByText('Answered', { exact: true })).toBeVisible();
  await expect(adminPage.getByRole('button', { name: 'Send answer' })).toHaveCount(0);
  await admin.close();

  // The buyer follows the mailed link.
  const mail = await waitForMail(buyer, `Your quote ${quoteNumber} is ready`, answeredAt);
  const link = new URL(/https?:\/\/\S+\/quotes\/[^\s"<>]+/.exec(mail.text)![0]);
  expect(link.pathname).toBe(`/quotes/${quoteId}`);
  await page.goto(link.pathname);
  await expect(page.getByText('Answered', { exact: true })).toBeVisible();
  await expect(page.getByText('Two lots are fine.')).toBeVisible();
  await expect(page.getByRole('cell', { name: '$750.00' })).toBeVisible();
  await checkA11y(page);

  // The quote document.
  const pdf = await page.request.get(`/api/quotes/${quoteId}/pdf`);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toMatch(/^application\/pdf/);
  await expectPdfDownload(page, page.getByRole('link', { name: /^Download PDF/ }));

  // Accept (issue 29): the quote's checkout, its lines locked, the checkout's details; then an order at the quoted price, paid like any other.
  await page.getByRole('link', { name: 'Accept and order' }).click();
  await expect(page).toHaveURL(new RegExp(`/quotes/${quoteId}/checkout$`));
  await expect(page.getByRole('list', { name: 'Quoted lines' })).toContainText('5,000 Ps');
  await page.getByLabel('Address line 1').fill('1 Mill Road');
  await page.getByLabel('City').fill('Leeds');
  await page.getByLabel('Postal code').fill('LS1 4AB');
  await page.getByLabel('Country').fill('United Kingdom');
  await page.getByLabel('PO number (optional)').fill('PO-Q7');
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page).toHaveURL(/\/dashboard\/payment\/[^/]+$/);
  await expect(page.getByRole('region', { name: 'Order summary' })).toContainText('5,000 Ps');
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry').fill('12/34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Pay $750.00' }).click();
  await expect(page.getByText('Payment received. Thank you!')).toBeVisible();

  const accepted = (await (await page.request.get(`/api/quotes/${quoteId}`)).json()) as Quote;
  expect(accepted.status).toBe('accepted');
  expect(accepted.orderId).toBe(new URL(page.url()).pathname.split('/').pop());

  await page.goto('/dashboard/myquotes');
  const mine = page.getByRole('row', { name: new RegExp(quoteNumber) });
  await expect(mine.getByText('Accepted', { exact: true })).toBeVisible();
  await expect(mine.getByRole('cell', { name: '$750.00' })).toBeVisible();
  await checkA11y(page);
});

test("the cart's lines become one request for quote", async ({ page, browser, baseURL }) => {
  const admin = await adminContext(browser, baseURL);
  const stamp = Date.now().toString(36).slice(-5);
  const washer = await addProduct(admin.request, `Cart Washer ${stamp}`);
  const spacer = await addProduct(admin.request, `Cart Spacer ${stamp}`);
  await admin.close();
  await signInAs(page, 'cartquote');
  for (const [product, quantity] of [
    [washer, 100],
    [spacer, 250],
  ] as const) {
    const res = await page.request.put(`/api/cart/lines/${product._id}`, { data: { quantity } });
    expect(res.status(), await res.text()).toBe(200);
  }

  await page.goto('/cart');
  await expect(page.getByRole('table', { name: 'Cart lines' }).locator('tbody').getByRole('row')).toHaveCount(2);
  await page.getByRole('link', { name: 'Request a quote' }).click();
  await expect(page).toHaveURL(/\/quotes\/new\?from=cart$/);
  const lines = page.getByRole('list', { name: 'Quote lines' });
  await expect(lines.getByRole('listitem')).toHaveCount(2);
  await expect(lines.getByRole('spinbutton', { name: `Quantity of ${washer.name}` })).toHaveValue('100');
  await expect(lines.getByRole('spinbutton', { name: `Quantity of ${spacer.name}` })).toHaveValue('250');
  await lines.getByRole('spinbutton', { name: `Quantity of ${washer.name}` }).fill('5000');
  await page.getByRole('button', { name: 'Request quote' }).click();

  await expect(page).toHaveURL(/\/quotes\/[^/]+$/);
  await expect(page.getByRole('heading', { level: 1, name: /^Quote Q-\d{6}$/ })).toBeVisible();
  await expect(page.getByText('Requested', { exact: true })).toBeVisible();
  const row = (p: Product) => page.getByRole('row').filter({ hasText: p.name });
  await expect(row(washer).getByRole('cell', { name: '5,000 Ps' })).toBeVisible();
  await expect(row(spacer).getByRole('cell', { name: '250 Ps' })).toBeVisible();
  const quote = (await (await page.request.get(`/api/quotes/${new URL(page.url()).pathname.split('/').pop()}`)).json()) as Quote;
  expect(quote.status).toBe('requested');
  expect(quote.lines.map((l) => [l.productId, l.quantity]).sort()).toEqual(
    [
      [washer._id, 5000],
      [spacer._id, 250],
    ].sort(),
  );
});

/** Tabs from the top of a freshly loaded page until `target` has focus: it is reachable by keyboard. */
async function reachByTab(page: Page, target: Locator, maxTabs = 80) {
  await expect(target).toBeVisible();
  for (let i = 0; i < maxTabs && !(await target.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
  await expect(target).toBeFocused();
}

test('the quote pages work on a phone: nothing scrolls sideways, the actions are in reach of the keyboard', async ({ page, browser, baseURL }) => {
  const admin = await adminContext(browser, baseURL);
  // A name without spaces (20 characters, the most a name takes) is the widest a line gets.
  const product = await addProduct(admin.request, `Phone-Hex-Wash-${Date.now().toString(36).slice(-5)}`);
  await admin.close();
  await page.setViewportSize({ width: 375, height: 740 });
  await signInAs(page, 'phonequote');

  await page.goto(`/quotes/new?productId=${product._id}&quantity=5000`);
  await expect(page.getByRole('spinbutton', { name: `Quantity of ${product.name}` })).toHaveValue('5000');
  await page.getByLabel('Note (optional)').fill('Packed in boxes of 500, please.');
  await fitsThePhone(page);
  await checkA11y(page);
  await page.reload();
  await reachByTab(page, page.getByRole('button', { name: 'Request quote' }));
  await page.keyboard.press('Enter');

  await expect(page).toHaveURL(/\/quotes\/[^/]+$/);
  const heading = page.getByRole('heading', { level: 1, name: /^Quote Q-\d{6}$/ });
  await expect(heading).toBeVisible();
  const quoteNumber = (await heading.textContent())!.replace('Quote ', '');
  await page.reload();
  await expect(page.getByText('Requested', { exact: true })).toBeVisible();
  // On a phone each line is a card whose cells also read their column's name.
  await expect(page.getByRole('cell').getByText('5,000 Ps', { exact: true })).toBeVisible();
  await fitsThePhone(page);
  await reachByTab(page, page.getByRole('button', { name: 'Withdraw request' }));
  await reachByTab(page, page.getByRole('link', { name: /^Download PDF/ }));
  await checkA11y(page);

  await page.goto('/dashboard/myquotes');
  const mine = page.getByRole('row', { name: new RegExp(quoteNumber) });
  await expect(mine.getByText('Requested', { exact: true })).toBeVisible();
  await fitsThePhone(page);
  await reachByTab(page, mine.getByRole('link', { name: quoteNumber }));
  await checkA11y(page);
});
