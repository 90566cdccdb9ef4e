import { useQuery } from '@tanstack/react-query';
import { punchoutQueries } from '../api/punchout-queries';

/**
 * The top bar's "Return cart to <system>" for a punchout session (issue 32), beside the cart
 * link. A plain form post: the server answers the page that carries the cart to the procurement
 * system. On a phone the button says "Return cart" (the system's name is the cart page's).
 */
export function PunchoutTopBar() {
  const session = useQuery(punchoutQueries.session());
  const systemName = session.data?.systemName ?? 'your procurement system';
  return (
    <form method="post" action="/punchout/return" className="shrink-0">
      <button type="submit" className="btn btn-primary btn-sm">
        Return cart<span className="hidden md:inline"> to {systemName}</span>
      </button>
    </form>
  );
}
