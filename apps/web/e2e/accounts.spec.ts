import { readFile } from 'node:fs/promises';
import * as OTPAuth from 'otpauth';
import type { Page } from '@playwright/test';
import { checkA11y, expect, test } from './support/fixtures';
import { postPaced, signUpViaApi, uniqueEmail } from './support/admin-helpers';
import { GOOGLE_IDENTITY } from './support/e2e-env';
import { firstLink, waitForMail } from './support/mailbox';
import { PASSWORD, signInAs, user } from './support/users';

/**
 * Accounts as a new user meets them: sign-up with the verification mail received over SMTP,
 * sign-out, sign-in back to the page they came from, reset by mail, Google through a local OpenID
 * provider, and two-step sign-in with codes computed here (the 429 after too many failures: the API's
 * rate-limits.test.ts and login-form.test.tsx). Only
 * the sign-up journey signs up (and confirms by mail); the others use accounts made by global-setup.ts.
 */

async function login(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
}

async function signOut(page: Page) {
  const topBar = page.getByRole('navigation', { name: 'Main' });
  await topBar.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(topBar.getByRole('link', { name: 'LOGIN' })).toBeVisible();
}

test('sign up, confirm the email from the mail, sign out, sign in back to where I was', async ({ page }) => {
  const email = uniqueEmail('journey');
  await page.goto('/signup');
  await expect(page.getByRole('heading', { name: 'Sign Up' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Please Login' })).toHaveAttribute('href', '/login');
  await expect(page.getByRole('link', { name: 'Reset Password' })).toHaveAttribute('href', '/reset');
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page.getByText('Name is Required')).toBeVisible();
  await expect(page.getByText('Email is Required')).toBeVisible();
  await expect(page.getByText('Password is Required')).toBeVisible();
  await checkA11y(page);

  await page.getByLabel('Name').fill('Jo Journey');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('12345');
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page.getByText('Must be 6 characters or longer')).toBeVisible();
  await page.getByLabel('Password').fill(PASSWORD);
  const since = Date.now();
  await page.getByRole('button', { name: 'Sign Up' }).click();
  // Sign-up opens no session (it answers alike for a taken address): the page says to open the link.
  await expect(page.getByRole('status').filter({ hasText: `We sent a link to ${email}` })).toBeVisible();
  await checkA11y(page);

  const mail = await waitForMail(email, 'Confirm your email', since);
  expect(mail.text).not.toContain('Jo Journey');
  const link = firstLink(mail);
  expect(link.startsWith(`${new URL(page.url()).origin}/api/auth/verify-email?`)).toBe(true);
  await page.goto(link);
  await expect(page).toHaveURL(/\/verify-email\?status=ok$/);
  await expect(page.getByRole('heading', { name: 'Email confirmed' })).toBeVisible();
  // The link signs nobody in: sign in now.
  await page.getByRole('link', { name: 'Sign in', exact: true }).click();
  await login(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'DASHBOARD' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Email confirmation' })).toHaveCount(0);

  await signOut(page);

  // A protected page sends me to /login and back to it (path and query) afterwards.
  await page.goto('/dashboard/myorders?from=e2e');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Create New Account' })).toHaveAttribute('href', '/signup');
  await expect(page.getByRole('link', { name: 'Reset Password' })).toHaveAttribute('href', '/reset');
  await page.getByLabel('Email').fill('Not an email');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByText('Provide a valid Email')).toBeVisible();
  await expect(page.getByText('Password is Required')).toBeVisible();
  await checkA11y(page);

  await login(page, email, 'wrong-password-1');
  await expect(page.getByRole('alert').filter({ hasText: 'Wrong email or password. Check both and try again.' })).toBeVisible();
  const historyLength = await page.evaluate(() => history.length);
  await login(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/dashboard\/myorders\?from=e2e$/);
  // The login entry was replaced, not pushed.
  expect(await page.evaluate(() => history.length)).toBe(historyLength);
});

test('reset the password by mail; the new password signs in', async ({ page }) => {
  const { email } = user('reset');

  await page.goto('/reset');
  await expect(page.getByRole('heading', { name: 'Reset Password' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to Login' })).toHaveAttribute('href', '/login');
  // An unknown address gets the same answer (no account enumeration).
  await page.getByLabel('Email').fill(uniqueEmail('nobody'));
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Please Check your email')).toBeVisible();

  await page.goto('/reset');
  const since = Date.now();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Please Check your email')).toBeVisible();

  const link = firstLink(await waitForMail(email, 'Reset your bulkparts password', since));
  await page.goto(link);
  await expect(page).toHaveURL(/\/reset-password\?token=/);
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  await checkA11y(page);
  await page.getByLabel('New password', { exact: true }).fill('fresh-pass-42');
  await page.getByLabel('Repeat the new password').fill('fresh-pass-4');
  await page.getByRole('button', { name: 'Save new password' }).click();
  await expect(page.getByText('Passwords do not match')).toBeVisible();
  await page.getByLabel('Repeat the new password').fill('fresh-pass-42');
  await page.getByRole('button', { name: 'Save new password' }).click();
  await expect(page.getByText('Your password is changed.')).toBeVisible();

  // The link works once.
  await page.goto(link);
  await expect(page.getByText('This link is invalid or has already been used. Ask for a new one.')).toBeVisible();

  await page.goto('/login');
  await login(page, email, 'fresh-pass-42');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Sign Out' })).toBeVisible();
});

test('Continue with Google through the OpenID provider signs in', async ({ page }) => {
  // Provider errors come back as ?error=… and read as sentences, never as codes.
  await page.goto('/login?error=account_not_linked');
  await expect(page.getByRole('alert')).toHaveText(/confirm your email with the link we sent you/);
  await page.goto('/login?error=popup-blocked');
  await expect(page.getByRole('alert')).toHaveText('Your browser blocked the sign-in window. Allow pop-ups for this site and try again.');
  await page.goto('/login?error=something_new');
  await expect(page.getByRole('alert')).toHaveText('Something went wrong. Please try again.');
  await page.goto('/login');
  const google = page.getByRole('button', { name: 'Continue with Google' });
  await expect(google).toBeEnabled();
  await google.click();
  // The provider answers at once (no consent screen) and sends us back signed in.
  await expect(page).toHaveURL(/\/(home)?$/);
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Sign Out' })).toBeVisible();
  const session = (await (await page.request.get('/api/auth/get-session')).json()) as { user: { email: string; name: string; emailVerified: boolean } };
  expect(session.user).toMatchObject({ email: GOOGLE_IDENTITY.email, name: GOOGLE_IDENTITY.name, emailVerified: true });
  await expect(page.getByRole('region', { name: 'Email confirmation' })).toHaveCount(0);
});

test('two-step sign-in: enrol from the profile, then sign in with a code and with a backup code', async ({ page }) => {
  const { email } = user('totp');
  expect((await postPaced(page.request, '/api/auth/sign-in/email', { email, password: PASSWORD })).ok()).toBe(true);
  await page.goto('/editprofile');
  const settings = page.getByRole('region', { name: 'Two-step sign-in' });
  await settings.getByRole('button', { name: 'Turn on two-step sign-in' }).click();
  await settings.getByLabel('Your password').fill(PASSWORD);
  await settings.getByRole('button', { name: 'Continue' }).click();
  await expect(settings.getByRole('img', { name: 'QR code to scan with your authenticator app' })).toBeVisible();
  const secret = (await settings.getByTestId('totp-secret').textContent())!.trim();
  const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30 });
  await checkA11y(page);
  await settings.getByLabel('Code from your authenticator app').fill('000000');
  await settings.getByRole('button', { name: 'Turn on' }).click();
  await expect(settings.getByRole('alert')).toHaveText('That code is not right. Check your authenticator app and try again.');
  await settings.getByLabel('Code from your authenticator app').fill(totp.generate());
  await settings.getByRole('button', { name: 'Turn on' }).click();
  await expect(settings.getByText('Two-step sign-in is on.')).toBeVisible();
  const backupCodes = await settings.getByRole('list', { name: 'Backup codes' }).getByRole('listitem').allTextContents();
  expect(backupCodes).toHaveLength(10);
  // Saved whole, not retyped: the download holds every code, and none has a look-alike character.
  const [download] = await Promise.all([page.waitForEvent('download'), settings.getByRole('link', { name: 'Download codes' }).click()]);
  const saved = await readFile((await download.path())!, 'utf8');
  for (const code of backupCodes) expect(saved).toContain(code.trim());
  expect(backupCodes.join('')).not.toMatch(/[01ILO]/);
  await expect(settings.getByRole('button', { name: 'Copy codes' })).toBeVisible();
  await settings.getByRole('button', { name: 'I have saved them' }).click();
  await expect(settings.getByRole('button', { name: 'Turn off' })).toBeVisible();

  await signOut(page);
  await login(page, email, PASSWORD);
  await expect(page.getByText(`Two-step sign-in is on for ${email}`)).toBeVisible();
  await checkA11y(page);
  await page.getByLabel('Code from your authenticator app (or a backup code)').fill(totp.generate());
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Sign Out' })).toBeVisible();
  await expect(page).not.toHaveURL(/\/login/);

  await signOut(page);
  await login(page, email, PASSWORD);
  await page.getByLabel('Code from your authenticator app (or a backup code)').fill(backupCodes[0]!.trim());
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Sign Out' })).toBeVisible();

  // Turn it off again with the password.
  await page.goto('/editprofile');
  await settings.getByRole('button', { name: 'Turn off' }).click();
  await settings.getByLabel('Your password').fill(PASSWORD);
  await settings.getByRole('button', { name: 'Turn off two-step sign-in' }).click();
  await expect(page.getByText('Two-step sign-in is off')).toBeVisible();
  await expect(settings.getByRole('button', { name: 'Turn on two-step sign-in' })).toBeVisible();
});

test('the top bar hides while a page with an id is loading, and shows DASHBOARD when signed in', async ({ page }) => {
  await signInAs(page, 'bar');
  await page.goto('/home');
  const topBar = page.getByRole('banner');
  await expect(topBar.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'DASHBOARD' })).toBeVisible();
  // Hold the purchase page's code back so the loading state lasts long enough to see.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/purchase-[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.getByRole('link', { name: /^Buy / }).first().click();
  await expect(topBar).toHaveCount(0);
  release();
  await expect(page).toHaveURL(/\/purchase\/[a-f0-9]{24}$/);
  await expect(topBar).toBeVisible();
});

test('a session check answered 429 says so and retries, instead of showing the login form', async ({ page }) => {
  await signInAs(page, 'busy');
  let busy = true;
  let refused = 0;
  await page.route('**/api/auth/get-session', (route) => {
    if (!busy) return route.continue();
    refused++;
    return route.fulfill({
      status: 429,
      contentType: 'application/json',
      body: JSON.stringify({ error: 'RATE_LIMITED', message: 'Too many attempts, try again later' }),
    });
  });
  await page.goto('/dashboard/myorders');
  const tryAgain = page.getByRole('button', { name: 'Try again' });
  await expect(page.getByRole('alert').filter({ hasText: 'The shop is busy' })).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/myorders$/);
  await expect(page.getByRole('heading', { name: 'Login' })).toHaveCount(0);
  await checkA11y(page);
  // "Try again" asks the shop again: still busy, the same message and still no login form.
  const before = refused;
  await tryAgain.click();
  await expect.poll(() => refused).toBeGreaterThan(before);
  await expect(page.getByRole('alert').filter({ hasText: 'The shop is busy' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Login' })).toHaveCount(0);
  // Once the shop answers, the next check signs the page back in: the button's, or one the page
  // makes itself when another part of it reads the session again first (then the button is gone).
  busy = false;
  const signOut = page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Sign Out' });
  await expect(async () => {
    if (await tryAgain.isVisible()) await tryAgain.click({ timeout: 1_000 });
    await expect(signOut).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  await expect(tryAgain).toHaveCount(0);
  await expect(page).toHaveURL(/\/dashboard\/myorders$/);
});

test('an unconfirmed buyer sees why the order form is missing, and can resend the link', async ({ page }) => {
  const email = uniqueEmail('unconfirmed');
  await signUpViaApi(page.request, email, 'Una Confirmed', undefined, { confirm: false });
  const [product] = (await (await page.request.get('/api/service?limit=1')).json()) as Array<{ _id: string }>;
  await page.goto(`/purchase/${product!._id}`);
  const notice = page.getByRole('alert').filter({ hasText: 'Confirm your email address before ordering' });
  await expect(notice).toBeVisible();
  await expect(page.getByRole('button', { name: 'Purchase', exact: true })).toHaveCount(0);
  await checkA11y(page);
  const since = Date.now();
  await notice.getByRole('button', { name: 'Resend' }).click();
  await expect(notice.getByRole('button', { name: 'Sent: check your email' })).toBeDisabled();
  await waitForMail(email, 'Confirm your email', since);
});
