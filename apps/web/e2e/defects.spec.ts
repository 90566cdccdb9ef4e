import type { AuthConfig } from '@bulkparts/shared';
import type { Page } from '@playwright/test';
import { checkA11y, expect, test } from './support/fixtures';
import { addProduct, adminContext, fitsThePhone, productNamed } from './support/shop';
import { signInAs } from './support/users';

/**
 * Journeys for the defects of issue 12, each as the person who met it sees it: adding a review,
 * reaching product details, products that cannot be ordered, the minimum order messages, the
 * top bar's current-page marker and phone menu, and the admin lists on a phone. (The minimum order
 * messages and the card form are component tests now: purchase-form.test.tsx, card-payment-form.test.tsx.)
 */

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
  await signInAs(page, 'reviewer');
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
  await signInAs(page, 'details');
  const product = await productNamed(page.request, 'Hex Bolt M8x40');
  await page.goto('/products?q=Hex%20Bolt');
  const card = page.getByRole('article').filter({ has: page.getByRole('heading', { name: product.name, exact: true }) });
  await expect(card.getByRole('link', { name: /^Buy now/ })).toHaveAttribute('href', `/purchase/${product._id}`);
  // The image and the name both lead to the details; only the name is a tab stop.
  await expect(card.locator(`a[href="/productdetails/${product._id}"]`)).toHaveCount(2);
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

test('products that cannot be ordered say why, on cards, details and the purchase page', async ({ page, browser, baseURL }) => {
  const shop = await adminContext(browser, baseURL);
  const admin = shop.request;
  const tag = Date.now().toString(36).slice(-5);
  const short = await addProduct(admin, { name: `Short ${tag}`, availableQuantity: 30 });
  const none = await addProduct(admin, { name: `None ${tag}`, availableQuantity: 0 });
  const gone = await addProduct(admin, { name: `Gone ${tag}` });
  expect((await admin.patch(`/api/service/${gone._id}`, { data: { archived: true } })).status()).toBe(200);
  await shop.close();

  await signInAs(page, 'unorderable');
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
  // Nothing is wider than the phone.
  await fitsThePhone(page);
});

test('admin lists are cards on a phone, with their actions in view', async ({ page }) => {
  await signInAs(page, 'admin');
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
  const config = (await (await page.request.get('/api/auth-config')).json()) as AuthConfig;
  await page.goto('/');
  const company = page.getByRole('navigation', { name: 'Company' });
  await company.getByRole('link', { name: 'Contact' }).click();
  await expect(page).toHaveURL('/contact');
  await expect(page.getByRole('heading', { level: 1, name: 'Contact' })).toBeVisible();
  await expect(page.getByRole('link', { name: config.contact.email })).toHaveAttribute('href', `mailto:${config.contact.email}`);
  // Issue 30: the seller record (seller.spec.ts edits its address meanwhile: the name stays).
  await expect(page.locator('address').getByText(config.contact.legalName)).toBeVisible();
  await expect(page.locator('footer a[href="#"]')).toHaveCount(0);
  await expect(page.getByRole('img', { name: 'Visa, Mastercard and American Express' })).toBeVisible();
  await company.getByRole('link', { name: 'About us' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'About us' })).toBeVisible();

  expect((await page.request.get('/no-such-page')).status()).toBe(404);
  expect((await page.request.get('/productdetails/0123456789abcdef01234567')).status()).toBe(200);
  expect((await page.request.get('/contact')).status()).toBe(200);

  await signInAs(page, 'signedin');
  await page.goto('/login');
  await expect(page).toHaveURL('/');
});
