import { expect, test } from './support/fixtures';

test('home shows six best sellers that link to purchase', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'BEST SELLERS' })).toBeVisible();
  const buy = page.getByRole('link', { name: /^Buy / });
  await expect(buy).toHaveCount(6);
  await expect(buy.first()).toHaveAttribute('href', /^\/purchase\/[0-9a-f]{24}$/);
});

test('unknown paths show the 404 page with a way home', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByText('Try Search again or go to Home Page')).toBeVisible();
  await page.getByRole('link', { name: 'Home Page' }).click();
  await expect(page).toHaveURL(/\/$/);
});
