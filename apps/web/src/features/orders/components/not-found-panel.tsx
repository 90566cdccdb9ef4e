import { Link } from 'react-router';
import { MESSAGES } from '@bulkparts/shared/messages';

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
