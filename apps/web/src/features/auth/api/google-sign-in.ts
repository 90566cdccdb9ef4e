import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/**
 * 'Continue with Google': the server starts OpenID Connect (code + PKCE + state) and answers the
 * provider's URL; the browser goes there and comes back signed in to `returnTo`, or to
 * `/login?error=…` when something went wrong.
 */
export async function startGoogleSignIn(returnTo: string): Promise<void> {
  const { url } = await api<{ url: string }>('/api/auth/sign-in/social', {
    method: 'POST',
    body: { provider: 'google', callbackURL: returnTo, newUserCallbackURL: '/home', errorCallbackURL: '/login' },
  });
  window.location.assign(url);
}

export function useGoogleSignIn() {
  return useMutation({ mutationFn: startGoogleSignIn });
}
