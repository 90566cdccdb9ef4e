import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';

/** Shown when a route fails to load (e.g. a new deploy removed an old chunk). Never a blank page. */
export function RouteError({ error }: { error: unknown }) {
  const chunk = error instanceof Error && /dynamically imported module|Loading chunk|importing a module script/i.test(error.message);
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

interface BoundaryProps {
  resetKey: string;
  children: ReactNode;
}
interface BoundaryState {
  error: unknown;
  resetKey: string;
}

/**
 * What the data router's `errorElement` did for us: a render error or a failed lazy import
 * anywhere below replaces the page with RouteError; navigating elsewhere clears it.
 */
class ErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error: error ?? new Error('Unknown error') };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    return props.resetKey === state.resetKey ? null : { error: null, resetKey: props.resetKey };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }

  override render() {
    return this.state.error ? <RouteError error={this.state.error} /> : this.props.children;
  }
}

export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return <ErrorBoundary resetKey={pathname}>{children}</ErrorBoundary>;
}
