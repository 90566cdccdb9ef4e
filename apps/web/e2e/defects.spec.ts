import type { APIRequestContext, Browser, Page } from '@playwright/test';
import type { Order, Product } from '@bulkparts/shared';
import { checkA11y, expect, test } from './support/fixtures';
import { ADMIN_EMAIL, postPaced, signUpViaApi, uniqueEmail } from './support/admin-helpers';

/**
 * Journeys for the defects of issue 12, each as the person who met it sees it: adding a review,
 * reaching product details, products that cannot be ordered, the minimum order messages, the
 * top bar's current-page marker and phone menu, the card form, and the admin lists on a phone.
 */

async function productNamed(request: APIRequestContext, name: string): Promise<Product> {
  const list = (await (await request.get(`/api/service?q=${encodeURIComponent(name)}`)).json()) as Product[];
  const product = list.find((p) => p.name === name);
  if (!product) throw new Error(`product "${name}" is missing`);
  return product;
}

async function adminRequest(browser: Browser, baseURL: string | undefined): Promise<APIRequestContext> {
  const context = await browser.newContext({ baseURL });
  const signIn = await postPaced(context.request, '/api/auth/sign-in/email', { email: ADMIN_EMAIL, password: 'correct-horse-9' });
  if (!signIn.ok()) await signUpViaApi(context.request, ADMIN_EMAIL, 'Shop Admin');
  return context.request;
}

async function addProduct(admin: APIRequestContext, fields: Partial<Product> & { name: string }): Promise<Product> {
  const res = await admin.post('/api/service', {
    data: {
      sku: `E2E-D-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`,
      description: 'Issue 12 test part',
      price: 1.5,
      minimumOrderQuantity: 50,
      availableQuantity: 500,
      img: '/images/products/ball-bearing.svg',
      ...fields,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as Product;
}

async function placeOrder(request: APIRequestContext, productId: string, quantity: number): Promise<Order> {
  const res = await request.post('/api/purchase', { data: { productId, quantity }, headers: { 'idempotency-key': `e2e-${Date.now()}-${Math.random()}` } });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as Order;
}

/** WCAG contrast ratio of an element's text against the first painted background behind it, from computed colours. */
async function contrastOf(page: Page, selector: string): Promise<number> {
  return page.locator(selector).evaluate((el) => {
    // Computed colours may be oklch(); a canvas turns any CSS colour into sRGB bytes.
    const ctx = document.createElement('canvas').getContext('2d', { willReadFrequently: true })!;
    const rgba = (css: string) => {
      ctx.clearRect(0, 0, 1, 1);
      ctx.fillStyle = '#000';
      ctx.fillStyle = css;
      ctx.fillRect(0, 0, 1, 1);
      const [r, g, b, a] = ctx.getImageData(0, 0, 1, 1).data;
      return { r: r!, g: g!, b: b!, a: a! / 255 };
    };
    let bg = { r: 255, g: 255, b: 255, a: 1 };
    for (let node: Element | null = el; node; node = node.parentElement) {
      const c = getComputedStyle(node).backgroundColor;
      if (rgba(c).a > 0 && c !== 'rgba(0, 0, 0, 0)') {
        bg = rgba(c);
        break;
      }
    }
    const fg = rgba(getComputedStyle(el).color);
    const lum = ({ r, g, b }: { r: number; g: number; b: number }) => {
      const ch = (v: number) => {
        const s = v / 255;
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      };
      return 0.2126 * ch(r) + 0.7152 * ch(g) + 0.0722 * ch(b);
    };
    const [hi, lo] = [lum(fg), lum(bg)].sort((x, y) => y - x);
    return (hi! + 0.05) / (lo! + 0.05);
  });
}

test('a customer adds a review with the stars (click and arrow keys) and sees it on the home page', async ({ page }) => {
  await signUpViaApi(page.request, uniqueEmail('reviewer'), 'Rae Reviewer');
  await page.goto('/dashboard/addreviews');
  const description = `Fast delivery of ${Date.now().toString(36)} washers, well packed.`;
  await page.getByLabel('Designation').fill('Buyer, Issue Twelve Ltd');
  await page.getByLabel('Your review').fill(description);

  await page.getByRole('button', { name: 'Add review' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Choose a rating from 1 to 5 stars' })).toBeVisible();
  await checkA11y(page);

  await page.getByRole('radio', { name: '3 stars' }).click();
  await expect(page.getByRole('radio', { name: '3 stars' })).toBeChecked();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('radio', { name: '4 stars' })).toBeChecked();
  const sent = page.waitForRequest((r) => r.url().endsWith('/api/review') && r.method() === 'POST');
  await page.getByRole('button', { name: 'Add review' }).click();
  expect((await sent).postDataJSON()).toMatchObject({ rating: 4, designation: 'Buyer, Issue Twelve Ltd', description });
  await expect(page.getByText('Thank you! Your review is live on the home page.')).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'Choose a rating' })).toHaveCount(0);

  await page.goto('/');
  const card = page.locator('#reviews-heading ~ div article').filter({ hasText: description });
  await expect(card).toBeVisible();
  await expect(card.getByText('Rae Reviewer')).toBeVisible();
  await expect(card.getByRole('img', { name: 'Rated 4 out of 5' })).toBeVisible();
});

test('product cards link to the details; the purchase page shows the description', async ({ page }) => {
  await signUpViaApi(page.request, uniqueEmail('details'), 'Dee Details');
  const product = await productNamed(page.request, 'Hex Bolt M8x40');
  await page.goto('/products?q=Hex%20Bolt');
  const card = page.getByRole('article').filter({ has: page.getByRole('heading', { name: product.name, exact: true }) });
  await expect(card.getByRole('link', { name: /^Buy now/ })).toHaveAttribute('href', `/purchase/${product._id}`);
  // The image and the name both lead to the details; only the name is a tab stop.
  await expect(card.locator(`a[href="/productdetails/${product._id}"]`)).toHaveCount(2);
  await checkA11y(page);
  await card.getByRole('link', { name: product.name, exact: true }).click();
  await expect(page).toHaveURL(`/productdetails/${product._id}`);
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
  // Thousands are separated wherever a quantity is shown ('25,000 Ps'; other journeys may have bought some).
  const stock = (await productNamed(page.request, product.name)).availableQuantity;
  expect(stock).toBeGreaterThanOrEqual(1000);
  await expect(page.getByText(`${stock.toLocaleString('en-US')} Ps`)).toBeVisible();

  await page.getByRole('link', { name: 'Purchase', exact: true }).click();
  await expect(page).toHaveURL(`/purchase/${product._id}`);
  await expect(page.getByText(product.description)).toBeVisible();
});

test('one voice for the minimum order, digits only, and no total for a refused quantity', async ({ page }) => {
  await signUpViaApi(page.request, uniqueEmail('minimum'), 'Min Imum');
  const product = await productNamed(page.request, 'Hex Bolt M8x40'); // minimum 100, $0.18 a piece
  await page.goto(`/purchase/${product._id}`);
  const quantity = page.getByLabel('Quantity', { exact: true });
  const purchase = page.getByRole('button', { name: 'Purchase', exact: true });
  await expect(quantity).toHaveValue('100');
  await expect(page.getByText('Total: $18.00')).toBeVisible();

  for (const typed of ['49', '50', '99']) {
    await quantity.fill(typed);
    await purchase.click();
    const alert = page.getByRole('alert').filter({ hasText: 'Minimum order 100 ps' });
    await expect(alert).toBeVisible();
    // The cross is an icon, not an emoji that needs a font.
    await expect(alert).not.toContainText('❌');
    await expect(alert.locator('svg[aria-hidden="true"]')).toHaveCount(1);
    await expect(page.getByText('Total: —')).toBeVisible();
  }
  await checkA11y(page);

  await quantity.fill('1e3');
  await expect(page.getByText('Total: —')).toBeVisible();
  await purchase.click();
  await expect(page.getByRole('alert').filter({ hasText: 'Quantity must be a whole number of pieces' })).toBeVisible();

  await quantity.fill('150');
  await expect(page.getByText('Total: $27.00')).toBeVisible();
});

test('products that cannot be ordered say why, on cards, details and the purchase page', async ({ page, browser, baseURL }) => {
  const admin = await adminRequest(browser, baseURL);
  const tag = Date.now().toString(36).slice(-5);
  const short = await addProduct(admin, { name: `Short ${tag}`, availableQuantity: 30 });
  const none = await addProduct(admin, { name: `None ${tag}`, availableQuantity: 0 });
  const gone = await addProduct(admin, { name: `Gone ${tag}` });
  expect((await admin.patch(`/api/service/${gone._id}`, { data: { archived: true } })).status()).toBe(200);

  await signUpViaApi(page.request, uniqueEmail('unorderable'), 'Una Vailable');
  await page.goto(`/products?q=${tag}`);
  const shortCard = page.getByRole('article').filter({ has: page.getByRole('heading', { name: short.name }) });
  const noneCard = page.getByRole('article').filter({ has: page.getByRole('heading', { name: none.name }) });
  await expect(shortCard.getByText('Only 30 Ps left, below the minimum order of 50')).toBeVisible();
  await expect(shortCard.getByRole('link', { name: /^Buy now/ })).toHaveCount(0);
  await expect(noneCard.getByText('Out of stock')).toBeVisible();
  await expect(noneCard.getByRole('link', { name: /^Buy now/ })).toHaveCount(0);
  await checkA11y(page);

  await page.goto(`/productdetails/${short._id}`);
  await expect(page.getByText('Only 30 Ps left, below the minimum order of 50')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Purchase', exact: true })).toHaveCount(0);

  await page.goto(`/purchase/${none._id}`);
  const purchase = page.getByRole('button', { name: 'Purchase', exact: true });
  await expect(purchase).toBeDisabled();
  await expect(purchase).toHaveAccessibleDescription('Out of stock');
  await expect(page.getByText(/^Total:/)).toHaveCount(0);
  await checkA11y(page);

  // An archived product opened by an old link or 'Buy again'.
  await page.goto(`/purchase/${gone._id}`);
  await expect(page.getByText('This product is no longer available')).toBeVisible();
  await expect(page.getByLabel('Quantity', { exact: true })).toHaveCount(0);
  await page.goto(`/productdetails/${gone._id}`);
  await expect(page.getByText('This product is no longer available')).toBeVisible();
  await checkA11y(page);
});

test('the current page in the top bar reads at 4.5:1 or more; the phone menu closes on navigation', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/products');
  const marker = 'nav[aria-label="Main"] a[aria-current="page"]';
  await expect(page.locator(marker)).toHaveText('PRODUCTS');
  expect(await contrastOf(page, marker)).toBeGreaterThanOrEqual(4.5);

  await page.setViewportSize({ width: 375, height: 800 });
  await page.getByRole('button', { name: 'Open menu' }).click();
  const phoneMenu = page.locator('header .dropdown ul');
  await expect(phoneMenu).toBeVisible();
  expect(await contrastOf(page, 'header .dropdown a[aria-current="page"]')).toBeGreaterThanOrEqual(4.5);
  await phoneMenu.getByRole('link', { name: 'BLOGS' }).click();
  await expect(page).toHaveURL('/blogs');
  await expect(phoneMenu).toBeHidden();
  await checkA11y(page);
});

test('the card form groups the number, takes MMYY, and clears the number after a decline', async ({ page, consoleErrors }) => {
  await signUpViaApi(page.request, uniqueEmail('card'), 'Cara Card');
  const product = await productNamed(page.request, 'Threaded Rod M12');
  const declined = await placeOrder(page.request, product._id, 50);
  const paid = await placeOrder(page.request, product._id, 50);

  await page.goto(`/dashboard/payment/${declined._id}`);
  const number = page.getByLabel('Card number');
  await number.pressSequentially('4000000000000002');
  await expect(number).toHaveValue('4000 0000 0000 0002');
  await page.getByLabel('Expiry').fill('1234');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Pay $210.00' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Your card was declined.' })).toBeVisible();
  await expect(number).toHaveValue('');
  await expect(number).toBeFocused();
  const declinedLog = consoleErrors.findIndex((e) => /status of 402/.test(e));
  if (declinedLog >= 0) consoleErrors.splice(declinedLog, 1);

  await page.goto(`/dashboard/payment/${paid._id}`);
  await page.getByLabel('Card number').pressSequentially('4242424242424242');
  await expect(page.getByLabel('Card number')).toHaveValue('4242 4242 4242 4242');
  await page.getByLabel('Expiry').fill('12 / 34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Pay $210.00' }).click();
  await expect(page.getByRole('region', { name: 'Paid' })).toBeVisible();
});

test('admin lists are cards on a phone, with their actions in view', async ({ page }) => {
  const signIn = await postPaced(page.request, '/api/auth/sign-in/email', { email: ADMIN_EMAIL, password: 'correct-horse-9' });
  if (!signIn.ok()) await signUpViaApi(page.request, ADMIN_EMAIL, 'Shop Admin');
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/dashboard/allproduct');
  const product = await productNamed(page.request, 'Ball Bearing 6204');
  await page.getByPlaceholder('Search products').fill(product.name);
  const row = page.getByRole('row', { name: new RegExp(product.name) });
  const edit = row.getByRole('button', { name: `Edit ${product.name}` });
  await expect(edit).toBeInViewport();
  const box = await row.getByRole('button', { name: `Delete ${product.name}` }).boundingBox();
  expect(box!.x + box!.width).toBeLessThanOrEqual(375);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await checkA11y(page);
});

test('footer pages are real, unknown paths answer 404, and a signed-in visit to /login moves on', async ({ page }) => {
  const config = (await (await page.request.get('/api/auth-config')).json()) as { contact: { address: string; phone: string; email: string } };
  await page.goto('/');
  const company = page.getByRole('navigation', { name: 'Company' });
  await company.getByRole('link', { name: 'Contact' }).click();
  await expect(page).toHaveURL('/contact');
  await expect(page.getByRole('heading', { level: 1, name: 'Contact' })).toBeVisible();
  await expect(page.getByRole('link', { name: config.contact.email })).toHaveAttribute('href', `mailto:${config.contact.email}`);
  await expect(page.getByText(config.contact.address)).toBeVisible();
  await expect(page.locator('footer a[href="#"]')).toHaveCount(0);
  await expect(page.getByRole('img', { name: 'Visa, Mastercard and American Express' })).toBeVisible();
  await checkA11y(page);
  await company.getByRole('link', { name: 'About us' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'About us' })).toBeVisible();

  expect((await page.request.get('/no-such-page')).status()).toBe(404);
  expect((await page.request.get('/productdetails/0123456789abcdef01234567')).status()).toBe(200);
  expect((await page.request.get('/contact')).status()).toBe(200);

  await signUpViaApi(page.request, uniqueEmail('signedin'), 'Sid Signedin');
  await page.goto('/login');
  await expect(page).toHaveURL('/');
});
