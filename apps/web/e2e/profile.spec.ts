import { checkA11y, expect, test } from './support/fixtures';
import { PNG_1X1 } from './support/admin-helpers';
import { signInAs, user } from './support/users';

test('a customer edits the profile, uploads a photo and sees it on My Profile', async ({ page }) => {
  await signInAs(page, 'profile');
  const { email } = user('profile');

  await page.goto('/editprofile');
  await expect(page.getByRole('heading', { name: 'Edit profile' })).toBeVisible();

  await page.getByLabel('LinkedIn profile link').fill('https://example.com/robin');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Enter a LinkedIn profile link' })).toBeVisible();

  await page.getByLabel('Address').fill('1 Dock Road, Springfield');
  await page.getByLabel('Phone').fill('+1 555 0100');
  await page.getByLabel('LinkedIn profile link').fill('https://www.linkedin.com/in/robin-profile');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Profile saved')).toBeVisible();

  // A text file named .png is refused in the browser before any upload.
  await page.getByLabel('Update photo').setInputFiles({ name: 'fake.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await expect(page.getByRole('alert').filter({ hasText: 'Choose a JPEG, PNG or WebP image' })).toBeVisible();
  await page.getByLabel('Update photo').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG_1X1 });
  await expect(page.getByText('Photo updated')).toBeVisible();
  await expect(page.getByRole('img', { name: 'Photo of Robin Profile' })).toHaveAttribute('src', /^\/uploads\/[a-f0-9]{64}\.png$/);

  await page.goto('/dashboard');
  const profile = page.getByRole('region', { name: 'Robin Profile' });
  await expect(profile.getByText(email)).toBeVisible();
  await expect(profile.getByText('1 Dock Road, Springfield')).toBeVisible();
  await expect(profile.getByText('+1 555 0100')).toBeVisible();
  await expect(profile.getByRole('link', { name: 'https://www.linkedin.com/in/robin-profile' })).toBeVisible();
  await expect(profile.getByRole('img', { name: 'Photo of Robin Profile' })).toBeVisible();
  // Customers see no admin menu items.
  await expect(page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link')).toHaveText([
    'My Profile',
    'My Orders',
    'My Quotes',
    'Requisition lists',
    'Company',
    'Add Reviews',
  ]);
  await checkA11y(page);

  await page.goto('/dashboard/makeadmin');
  await expect(page.getByRole('heading', { name: 'Not allowed' })).toBeVisible();
  expect((await page.request.get('/api/user')).status()).toBe(403);
});

test('on a phone the dashboard menu is a drawer behind a button', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await signInAs(page, 'phone');
  await page.goto('/dashboard');
  const toggle = page.getByRole('button', { name: 'Dashboard menu', exact: true });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'My Profile' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(toggle).toBeFocused();
  await toggle.click();
  await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'My Orders' }).click();
  await expect(page).toHaveURL(/\/dashboard\/myorders$/);
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
});
