import { ApiClientError } from '@/lib/api-client';

/**
 * The session could not be read (the shop said 429, or it cannot be reached). That is not
 * "signed out": sending the user to the login form would only loop, so say what happened instead.
 */
export function SessionUnavailable({ error, onRetry, retrying }: { error: unknown; onRetry: () => void; retrying?: boolean }) {
  const busy = error instanceof ApiClientError && error.status === 429;
  return (
    <section role="alert" className="mx-auto max-w-xl p-10 text-center">
      <h1 className="text-2xl font-bold">{busy ? 'The shop is busy' : 'We could not check your sign-in'}</h1>
      <p className="py-4">
        {busy
          ? 'Too many requests came from your network just now. You are still signed in: try again in a moment.'
          : 'Cannot reach the shop. Check your connection and try again.'}
      </p>
      <button type="button" className="btn btn-primary" onClick={onRetry} disabled={retrying}>
        Try again
      </button>
    </section>
  );
}
