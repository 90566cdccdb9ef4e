import type { APIRequestContext, Page } from '@playwright/test';
import type { Product } from '@bulkparts/shared';
import { checkA11y, expect, test } from './support/fixtures';
import { signInAs } from './support/users';

/**
 * The storefront's parts catalogue: the filter panel (category tree, brands, specifications) kept
 * in the URL, the top bar's search suggestions, product details, and the phone drawer. Values come
 * from the demo catalogue (apps/server/src/db/seed/demo-catalog.ts); counts are read from the API,
 * since other journeys add products (while this one runs: the whole catalogue's count is the one
 * the API answered the page itself).
 */

const FILTER = { category: 'bolts', brand: 'Norfast', thread: 'M8' };

async function listed(request: APIRequestContext, query: string): Promise<{ total: number; names: string[] }> {
  const res = await request.get(`/api/service?limit=9&${query}`);
  expect(res.ok(), await res.text()).toBe(true);
  return { total: Number(res.headers()['x-total-count']), names: ((await res.json()) as Product[]).map((p) => p.name) };
}

/** The total of the next unfiltered catalogue page the products page asks the API for. */
async function nextUnfilteredTotal(page: Page, act: () => Promise<unknown>): Promise<number> {
  const [res] = await Promise.all([
    page.waitForResponse((r) => {
      const url = new URL(r.url());
      return (
        url.pathname === '/api/service' &&
        url.searchParams.get('limit') === '9' &&
        [...url.searchParams.keys()].every((k) => ['page', 'limit', 'sort'].includes(k))
      );
    }),
    act(),
  ]);
  return Number(res.headers()['x-total-count']);
}

const countText = (n: number) => `${n} ${n === 1 ? 'product' : 'products'}`;
const resultCount = (page: Page) => page.getByRole('main').getByRole('status');

test('filters: a category, a brand and a specification; reload keeps them, Back steps back', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const byBrand = await listed(page.request, `category=${FILTER.category}&brand=${FILTER.brand}`);
  const byThread = await listed(page.request, `category=${FILTER.category}&brand=${FILTER.brand}&attr.Thread=${FILTER.thread}`);
  expect(byThread.total).toBeGreaterThan(0);
  expect(byThread.total).toBeLessThan(byBrand.total);

  const total = await nextUnfilteredTotal(page, () => page.goto('/products'));
  await expect(resultCount(page)).toHaveText(countText(total));
  const filters = page.getByRole('region', { name: 'Filters' });
  await filters.getByRole('link', { name: /^Bolts \d+ products$/ }).click();
  await expect(page).toHaveURL(/[?&]category=bolts/);
  await expect(filters.getByRole('link', { name: /^Bolts / })).toHaveAttribute('aria-current', 'true');

  const brand = filters.getByRole('group', { name: 'Brand' }).getByRole('checkbox', { name: new RegExp(`^${FILTER.brand} \\(\\d+\\)$`) });
  await brand.click();
  await expect(brand).toBeChecked();
  await expect(page).toHaveURL(/brand=Norfast/);
  await expect(resultCount(page)).toHaveText(countText(byBrand.total));

  const thread = filters.getByRole('group', { name: 'Thread' });
  const toggle = thread.getByRole('button', { name: 'Thread' });
  if ((await toggle.getAttribute('aria-expanded')) === 'false') await toggle.click();
  const m8 = thread.getByRole('checkbox', { name: new RegExp(`^${FILTER.thread} \\(\\d+\\)$`) });
  await m8.click();
  await expect(page).toHaveURL(/attr\.Thread=M8/);

  const expectFiltered = async () => {
    await expect(resultCount(page)).toHaveText(countText(byThread.total));
    const cards = page.getByRole('main').getByRole('article');
    await expect(cards).toHaveCount(byThread.names.length);
    await expect(cards.getByRole('heading')).toHaveText(byThread.names);
    for (const card of await cards.all()) await expect(card).toContainText(FILTER.brand);
    await expect(filters.getByRole('link', { name: /^Bolts / })).toHaveAttribute('aria-current', 'true');
    await expect(brand).toBeChecked();
    await expect(m8).toBeChecked();
  };
  await expectFiltered();

  await page.reload();
  await expectFiltered();

  await page.goBack();
  await expect(page).not.toHaveURL(/attr\.Thread/);
  await expect(resultCount(page)).toHaveText(countText(byBrand.total));
  await expect(brand).toBeChecked();
  await expect(filters.getByRole('checkbox', { name: new RegExp(`^${FILTER.thread} \\(`) })).not.toBeChecked();

  // A filter that matches nothing says so and offers the way back.
  await page.goto('/products?category=bolts&minPrice=99999');
  await expect(page.getByText('No products match these filters')).toBeVisible();
  const cleared = await nextUnfilteredTotal(page, () => page.getByRole('main').getByRole('button', { name: 'Clear filters' }).first().click());
  await expect(resultCount(page)).toHaveText(countText(cleared));
});

test('top-bar search: suggestions after two characters, chosen with the keyboard, open the product', async ({ page }) => {
  // Product details are for signed-in buyers.
  await signInAs(page, 'search');
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/blogs');
  const search = page.getByRole('combobox', { name: 'Search the catalogue' });
  await search.fill('h');
  await expect(search).toHaveAttribute('aria-expanded', 'false');
  await search.pressSequentially('ex bolt');
  const listbox = page.getByRole('listbox', { name: 'Suggested products' });
  await expect(listbox).toBeVisible();
  await expect(search).toHaveAttribute('aria-expanded', 'true');
  const options = listbox.getByRole('option');
  await expect(options.first()).toBeVisible();
  expect(await options.count()).toBeLessThanOrEqual(6);

  await search.press('ArrowDown');
  await search.press('ArrowDown');
  const chosen = options.nth(1);
  await expect(chosen).toHaveAttribute('aria-selected', 'true');
  await expect(search).toHaveAttribute('aria-activedescendant', (await chosen.getAttribute('id'))!);
  const [sku, name] = await chosen.locator('span').allInnerTexts();
  expect(sku).toMatch(/^[A-Z0-9\-_./]+$/);

  // Escape closes the list; typing reopens it with nothing highlighted.
  await search.press('Escape');
  await expect(listbox).toBeHidden();
  await search.press('ArrowDown');
  await expect(listbox).toBeVisible();
  await search.press('ArrowDown');
  await expect(options.nth(1)).toHaveAttribute('aria-selected', 'true');
  await search.press('Enter');

  await expect(page).toHaveURL(/\/productdetails\/[0-9a-f]{24}$/);
  await expect(page.getByRole('heading', { level: 1, name: name! })).toBeVisible();
  await expect(page.getByRole('main').getByText(sku!, { exact: true })).toBeVisible();
  const specs = page.getByRole('table', { name: 'Specifications' });
  await expect(specs).toBeVisible();
  await expect(specs.getByRole('rowheader', { name: 'Thread' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Bolts' })).toHaveAttribute('href', '/products?category=bolts');

  // A product with several pictures: thumbnails switch the large one, by pointer or keyboard.
  const withPictures = ((await (await page.request.get('/api/service?q=Ball%20Bearing%206204')).json()) as Product[]).find((p) => p.images.length > 1);
  expect(withPictures, 'a demo product with several pictures').toBeTruthy();
  await page.goto(`/productdetails/${withPictures!._id}`);
  const n = withPictures!.images.length;
  await expect(page.getByRole('img', { name: `${withPictures!.name}, picture 1 of ${n}` })).toHaveAttribute('src', withPictures!.images[0]!);
  await page.getByRole('button', { name: `Show picture 2 of ${n}` }).click();
  await expect(page.getByRole('img', { name: `${withPictures!.name}, picture 2 of ${n}` })).toHaveAttribute('src', withPictures!.images[1]!);
  await page.getByRole('button', { name: `Show picture 1 of ${n}` }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: `Show picture 1 of ${n}` })).toHaveAttribute('aria-pressed', 'true');
  await checkA11y(page);

  // Enter with nothing highlighted searches the catalogue.
  await search.fill('bearing');
  await search.press('Enter');
  await expect(page).toHaveURL(/\/products\?q=bearing$/);
  await expect(page.getByText('Results for “bearing”')).toBeVisible();
  await expect(page.getByRole('main').getByRole('combobox', { name: 'Sort' })).toHaveValue('relevance');
});

test('the filter panel and the product gallery pass axe; on a phone the filters are a drawer', async ({ page, browser }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/products?category=fasteners');
  const filters = page.getByRole('region', { name: 'Filters' });
  await expect(filters.getByRole('group', { name: 'Brand' }).getByRole('checkbox').first()).toBeVisible();
  const folded = filters.locator('button[aria-expanded="false"]');
  while ((await folded.count()) > 0) await folded.first().click();
  await checkA11y(page);

  const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const p = await phone.newPage();
  await p.goto('/products');
  await expect(p.getByRole('region', { name: 'Filters' })).toBeHidden();
  const open = p.getByRole('button', { name: 'Filters', exact: true });
  await open.click();
  const drawer = p.getByRole('dialog', { name: 'Filters' });
  await expect(drawer).toBeVisible();
  await expect(open).toHaveAttribute('aria-expanded', 'true');
  await expect(drawer.getByRole('button', { name: 'Close filters' })).toBeFocused();
  await checkA11y(p);
  // Tab stays inside the open drawer.
  for (let i = 0; i < 40; i++) await p.keyboard.press('Tab');
  expect(await drawer.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  await drawer.getByRole('link', { name: /^Bearings / }).click();
  await expect(p).toHaveURL(/category=bearings/);
  await drawer.getByRole('button', { name: /^Show \d+ products?$/ }).click();
  await expect(drawer).toBeHidden();
  await expect(open).toBeFocused();
  await open.click();
  await expect(drawer).toBeVisible();
  await p.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await expect(open).toBeFocused();

  // The top-bar search folds into an icon that opens a full-width row; nothing scrolls sideways.
  await p.getByRole('button', { name: 'Search', exact: true }).click();
  const search = p.getByRole('combobox', { name: 'Search the catalogue' });
  await expect(search).toBeFocused();
  const box = await search.boundingBox();
  expect(box!.width).toBeGreaterThan(300);
  expect(await p.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  await checkA11y(p);
  await phone.close();
});
