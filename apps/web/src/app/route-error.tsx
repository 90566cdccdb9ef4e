import { Link, useRouteError } from 'react-router';

/** Shown when a route fails to load (e.g. a new deploy removed an old chunk). Never a blank page. */
export function RouteError() {
  const error = useRouteError();
  const chunk = error instanceof Error && /dynamically imported module|Loading chunk/i.test(error.message);
  return (
    <div role="alert" className="mx-auto max-w-lg p-10 text-center">
      <h1 className="text-2xl font-bold">Something went wrong</h1>
      <p className="py-4">{chunk ? 'A new version of the shop is available.' : 'This page could not be shown.'}</p>
      <div className="flex justify-center gap-2">
        <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
          Reload
        </button>
        <Link to="/" className="btn">
          Home Page
        </Link>
      </div>
    </div>
  );
}
