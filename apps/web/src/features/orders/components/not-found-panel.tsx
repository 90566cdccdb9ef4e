import type { ComponentProps } from 'react';
import { Link } from 'react-router';
import { MESSAGES } from '@bulkparts/shared/messages';
import { ErrorState } from '@/components/ui/error-state';
import { ApiClientError } from '@/lib/api-client';

/** An unknown or malformed id in the address: a clear message and a way on, never a blank page. */
export function NotFoundPanel({ title, backTo = '/products', backLabel = 'Browse products' }: { title: string; backTo?: string; backLabel?: string }) {
  return (
    <section className="mx-auto max-w-xl px-4 py-16 text-center">
      <h1 className="text-2xl font-bold">{title}</h1>
      <p className="py-4">{MESSAGES.notFound}</p>
      <div className="flex flex-wrap justify-center gap-2">
        <Link to={backTo} className="btn btn-primary">
          {backLabel}
        </Link>
        <Link to="/" className="btn btn-ghost">
          Home Page
        </Link>
      </div>
    </section>
  );
}

/**
 * What a page shows when loading its one record failed: the not-found panel for a 404 (the server
 * answers 404 for unknown and malformed ids alike), otherwise the error with a retry.
 */
export function LoadFailure({ error, onRetry, notFound }: { error: Error; onRetry: () => void; notFound: ComponentProps<typeof NotFoundPanel> }) {
  if (error instanceof ApiClientError && error.status === 404) return <NotFoundPanel {...notFound} />;
  return (
    <div className="mx-auto max-w-3xl px-4">
      <ErrorState message={error.message} onRetry={onRetry} />
    </div>
  );
}
