import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { apiError, renderWithApi, resetFakeApi, serveApi, writes } from '@/test/fake-api';
import { LoginForm } from './login-form';

/**
 * The sign-in form's answer to a refused sign-in (moved here from the browser journeys; the 429
 * after 10 failures itself is the API's: apps/server/test/auth/rate-limits.test.ts).
 */
afterEach(resetFakeApi);
// The form loads zod and the shared schema on first use (lazyZodResolver); transforming them in a
// busy worker can take longer than findBy's wait, so they are loaded before the first submit.
beforeAll(() => Promise.all([import('@hookform/resolvers/zod'), import('@bulkparts/shared')]));

async function login(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Email'), 'lou.locked@example.com');
  await user.type(screen.getByLabelText('Password'), 'correct-horse-9');
  await user.click(screen.getByRole('button', { name: 'Login' }));
}

const signIn = { method: 'POST', url: '/api/auth/sign-in/email', body: { email: 'lou.locked@example.com', password: 'correct-horse-9' } };

describe('LoginForm', () => {
  it('says to try again later when sign-in answers 429, even for the right password, and signs nobody in', async () => {
    const sent = serveApi((req) => (req.url === signIn.url ? apiError(429, 'RATE_LIMITED', 'Too many requests') : undefined));
    const user = userEvent.setup({ delay: null });
    const onSignedIn = vi.fn();
    renderWithApi(<LoginForm onSignedIn={onSignedIn} />);
    await login(user);
    expect((await screen.findByRole('alert')).textContent).toBe('Too many attempts, try again later');
    expect(writes(sent)).toEqual([signIn]);
    expect(onSignedIn).not.toHaveBeenCalled();
  });

  it('says a wrong email or password in words, not as a code', async () => {
    serveApi((req) => (req.url === signIn.url ? apiError(401, 'INVALID_EMAIL_OR_PASSWORD', 'Invalid email or password') : undefined));
    const user = userEvent.setup({ delay: null });
    renderWithApi(<LoginForm onSignedIn={vi.fn()} />);
    await login(user);
    expect((await screen.findByRole('alert')).textContent).toBe('Wrong email or password. Check both and try again.');
  });
});
