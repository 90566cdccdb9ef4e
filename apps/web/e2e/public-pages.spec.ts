import { checkA11y, expect, test } from './support/fixtures';

test('home: banner carousel, brands, six best sellers, reviews and stats', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'BEST SELLERS' })).toBeVisible();
  await expect(page.getByText('TOP SALE ON THIS WEEK')).toBeVisible();
  const buy = page.getByRole('link', { name: /^Buy / });
  await expect(buy).toHaveCount(6);
  await expect(buy.first()).toHaveAttribute('href', /^\/purchase\/[0-9a-f]{24}$/);

  await expect(page.getByRole('group', { name: '1 of 4' })).toBeVisible();
  await page.getByRole('button', { name: 'Next slide' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Slide 2 of 4')).toBeAttached();
  await page.getByRole('button', { name: 'Previous slide' }).click();
  await expect(page.getByText('Slide 1 of 4')).toBeAttached();

  await expect(page.getByRole('heading', { name: 'SHOP BY BRANDS' })).toBeVisible();
  await expect(page.getByText('TOP QUALITY PARTNER')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'REVIEWS' })).toBeVisible();
  await expect(page.locator('#reviews-heading ~ div article')).toHaveCount(6);
  for (const figure of ['31K', '4,200', '1,200']) await expect(page.getByText(figure, { exact: true })).toBeVisible();
  await checkA11y(page);
});

test('/home is the home page too', async ({ page }) => {
  await page.goto('/home');
  await expect(page.getByRole('heading', { name: 'BEST SELLERS' })).toBeVisible();
});

test('products: search by name and pages', async ({ page, request }) => {
  // Other journeys add and archive products, so the expected counts come from the API itself.
  const countOf = async (query: string) => Number((await request.get(`/api/service?limit=1${query}`)).headers()['x-total-count']);
  const total = await countOf('');
  const bearings = await countOf('&q=bearing');
  await page.goto('/products');
  await expect(page.getByRole('heading', { name: 'Products', level: 1 })).toBeVisible();
  // Cards, not 'Buy now' links: a product that cannot be ordered (other journeys add some) has none.
  const cards = page.getByRole('main').getByRole('article');
  await expect(cards).toHaveCount(Math.min(9, total));
  await page.getByRole('navigation', { name: 'Product pages' }).getByRole('button', { name: '2', exact: true }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(cards).toHaveCount(Math.min(9, total - 9));
  // The search box is the top bar's (every page has it); Enter without a suggestion chosen searches the list.
  const search = page.getByRole('combobox', { name: 'Search the catalogue' });
  await search.fill('bearing');
  await search.press('Enter');
  await expect(page).toHaveURL(/q=bearing/);
  await expect(cards).toHaveCount(Math.min(9, bearings));
  await search.fill('zzz-nothing');
  await search.press('Enter');
  await expect(page.getByText('No products match')).toBeVisible();
  await checkA11y(page);
});

test('blogs: six questions that expand', async ({ page }) => {
  await page.goto('/blogs');
  const questions = page.locator('details summary');
  await expect(questions).toHaveCount(6);
  await questions.nth(2).click();
  await expect(page.getByText(/hidden link to another object, its prototype/)).toBeVisible();
  await checkA11y(page);
});

test('portfolio: education modal opens and closes with the keyboard', async ({ page }) => {
  await page.goto('/myportfolio');
  for (const h of ['Skills Of Technologies', 'My Project', 'User Client Say !!', 'User Expectation'])
    await expect(page.getByRole('heading', { name: h })).toBeVisible();
  await expect(page.getByRole('link', { name: /Live site of/ })).toHaveCount(3);
  await page.getByRole('button', { name: 'Education Qualification' }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Education Qualification' });
  await expect(dialog).toBeVisible();
  for (const col of ['Academic qualification', 'Name of Institute', 'Group', 'Result', 'Year'])
    await expect(dialog.getByRole('columnheader', { name: col })).toBeVisible();
  await expect(dialog.locator('tbody tr')).toHaveCount(3);
  await checkA11y(page);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await checkA11y(page);
});

test('unknown paths show the 404 page with a way home', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByText('Try Search again or go to Home Page')).toBeVisible();
  await checkA11y(page);
  await page.getByRole('link', { name: 'Home Page' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('works on a phone: the menu opens and navigates', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 375, height: 740 } });
  const page = await context.newPage();
  await page.goto('/');
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('link', { name: 'BLOGS' }).first().click();
  await expect(page).toHaveURL(/\/blogs$/);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await context.close();
});
