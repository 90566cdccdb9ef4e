import type { Seller } from '@bulkparts/shared';
import { checkA11y, expect, test } from './support/fixtures';
import { statePath } from './support/users';

// Signed in as the shop admin (global-setup.ts).
test.use({ storageState: statePath('admin') });

/**
 * Issue 30: the admin edits the seller's address at /dashboard/settings and the Contact page shows
 * it: the same record every invoice prints. Only the address changes (journeys run side by side
 * on one server: the name, country and contact details other journeys read stay as they are).
 */
test('the admin edits the seller’s address and the Contact page shows it', async ({ page }) => {
  const street = `${Date.now().toString(36)} Foundry Lane`;
  await page.goto('/dashboard/settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Seller details' })).toBeVisible();
  const form = page.getByRole('form', { name: 'Seller details' });
  const before = (await (await page.request.get('/api/settings/seller')).json()) as Seller;
  await expect(form.getByLabel('Legal name')).toHaveValue(before.legalName);
  await expect(form.getByLabel('Country')).toHaveValue(before.country);

  // A bad value is named at its field and nothing is saved.
  await form.getByLabel('Time zone').fill('Mars/Base');
  await form.getByRole('button', { name: 'Save seller details' }).click();
  await expect(form.getByText('Time zone must be an IANA zone, e.g. Europe/Berlin')).toBeVisible();
  await form.getByLabel('Time zone').fill(before.timeZone);

  await form.getByLabel('Address').fill(`${street}\nSpringfield`);
  const saved = page.waitForResponse((r) => r.url().endsWith('/api/settings/seller') && r.request().method() === 'PUT');
  await form.getByRole('button', { name: 'Save seller details' }).click();
  expect((await saved).status()).toBe(200);
  await expect(page.getByText('Seller details saved')).toBeVisible();
  await checkA11y(page);

  // The Contact page (through the footer, as a visitor would) names the saved address at once.
  await page.getByRole('navigation', { name: 'Company' }).getByRole('link', { name: 'Contact' }).click();
  await expect(page).toHaveURL('/contact');
  const address = page.locator('address');
  await expect(address.getByText(street)).toBeVisible();
  await expect(address.getByText(before.legalName)).toBeVisible();
  // About says the same.
  await page.goto('/about');
  await expect(page.getByText(`${street}, Springfield`)).toBeVisible();
});
