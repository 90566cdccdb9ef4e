import type { Page, Response } from '@playwright/test';
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
});

/** The catalogue page the products page asks the API for next (`query`: the search params it must carry). */
function nextListing(page: Page, query: Record<string, string>) {
  return page.waitForResponse((r) => {
    const url = new URL(r.url());
    // limit=9: the list's page, not the top bar's suggestions (limit=6).
    return url.pathname === '/api/service' && Object.entries({ limit: '9', ...query }).every(([k, v]) => url.searchParams.get(k) === v);
  });
}
const totalOf = (res: Response) => Number(res.headers()['x-total-count']);

test('products: search by name and pages', async ({ page }) => {
  // Other journeys add and archive products while this one runs, so the expected counts are those
  // of the API's answer to the page itself, not of a request made before or after.
  const first = nextListing(page, {});
  await page.goto('/products');
  const total = totalOf(await first);
  await expect(page.getByRole('heading', { name: 'Products', level: 1 })).toBeVisible();
  // Cards, not 'Buy now' links: a product that cannot be ordered (other journeys add some) has none.
  const cards = page.getByRole('main').getByRole('article');
  await expect(cards).toHaveCount(Math.min(9, total));
  const second = nextListing(page, { page: '2' });
  await page.getByRole('navigation', { name: 'Product pages' }).getByRole('button', { name: '2', exact: true }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(cards).toHaveCount(Math.min(9, totalOf(await second) - 9));
  // The search box is the top bar's (every page has it); Enter without a suggestion chosen searches the list.
  const search = page.getByRole('combobox', { name: 'Search the catalogue' });
  await search.fill('bearing');
  const bearings = nextListing(page, { q: 'bearing' });
  await search.press('Enter');
  await expect(page).toHaveURL(/q=bearing/);
  const found = await bearings;
  expect(((await found.json()) as unknown[]).length).toBe(Math.min(9, totalOf(found)));
  await expect(cards).toHaveCount(Math.min(9, totalOf(found)));
  await search.fill('zzz-nothing');
  await search.press('Enter');
  await expect(page.getByText('No products match')).toBeVisible();
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
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});

test('unknown paths show the 404 page with a way home', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByText('Try Search again or go to Home Page')).toBeVisible();
  await page.getByRole('link', { name: 'Home Page' }).click();
  await expect(page).toHaveURL(/\/$/);
});
