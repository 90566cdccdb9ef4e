import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiClientError } from '@/lib/api-client';
import { LoginForm } from './login-form';

/**
 * The sign-in form's answer to a refused sign-in (moved here from the browser journeys; the 429
 * after 10 failures itself is the API's: apps/server/test/auth/rate-limits.test.ts).
 */
const signIn = vi.fn();
vi.mock('../api/sign-in', () => ({ useSignIn: () => ({ mutateAsync: signIn }) }));

beforeEach(() => vi.clearAllMocks());
afterEach(cleanup);

async function login(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Email'), 'lou.locked@example.com');
  await user.type(screen.getByLabelText('Password'), 'correct-horse-9');
  await user.click(screen.getByRole('button', { name: 'Login' }));
}

describe('LoginForm', () => {
  it('says to try again later when sign-in answers 429, even for the right password, and signs nobody in', async () => {
    const user = userEvent.setup({ delay: null });
    const onSignedIn = vi.fn();
    signIn.mockRejectedValueOnce(new ApiClientError(429, 'RATE_LIMITED', 'Too many requests'));
    render(<LoginForm onSignedIn={onSignedIn} />);
    await login(user);
    expect((await screen.findByRole('alert')).textContent).toBe('Too many attempts, try again later');
    expect(onSignedIn).not.toHaveBeenCalled();
  });

  it('says a wrong email or password in words, not as a code', async () => {
    const user = userEvent.setup({ delay: null });
    signIn.mockRejectedValueOnce(new ApiClientError(401, 'INVALID_EMAIL_OR_PASSWORD', 'Invalid email or password'));
    render(<LoginForm onSignedIn={vi.fn()} />);
    await login(user);
    expect((await screen.findByRole('alert')).textContent).toBe('Wrong email or password. Check both and try again.');
  });
});
