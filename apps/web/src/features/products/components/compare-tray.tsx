import { Link } from 'react-router';
import { COMPARE_MAX, compared, useCompared } from '../compare-store';

/** The products chosen to compare (issue 33), at the foot of the catalogue: how many, 'Compare', 'Clear'. */
export function CompareTray() {
  const ids = useCompared();
  if (ids.length === 0) return null;
  return (
    <section
      aria-label="Compare products"
      className="sticky bottom-0 z-20 mt-6 flex flex-wrap items-center justify-end gap-3 border-t border-base-300 bg-base-100 py-3"
    >
      <p className="text-sm" aria-live="polite">
        {ids.length} of {COMPARE_MAX} chosen to compare
      </p>
      <button type="button" className="btn btn-ghost btn-sm" onClick={() => compared.clear()}>
        Clear
      </button>
      <Link
        to={`/compare?${new URLSearchParams({ ids: ids.join(',') })}`}
        className={`btn btn-primary btn-sm ${ids.length < 2 ? 'btn-disabled' : ''}`}
        aria-disabled={ids.length < 2}
      >
        Compare {ids.length}
      </Link>
    </section>
  );
}
