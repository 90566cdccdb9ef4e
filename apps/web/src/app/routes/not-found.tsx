import { Link } from 'react-router';
import { MESSAGES } from '@bulkparts/shared';

export function Component() {
  return (
    <section className="hero min-h-[60vh]">
      <div className="hero-content text-center">
        <div className="max-w-md">
          <p className="text-7xl font-black text-primary">404</p>
          <h1 className="mt-4 text-2xl font-bold">Page not found</h1>
          <p className="py-4">{MESSAGES.notFound}</p>
          <Link to="/" className="btn btn-primary">
            Home Page
          </Link>
        </div>
      </div>
    </section>
  );
}
