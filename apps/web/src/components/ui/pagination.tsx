/** Page buttons for long lists; renders nothing for a single page. */
export function Pagination({ page, pageCount, onPage, label = 'Pages' }: { page: number; pageCount: number; onPage: (page: number) => void; label?: string }) {
  if (pageCount <= 1) return null;
  const pages = Array.from({ length: pageCount }, (_, i) => i + 1).filter((p) => p === 1 || p === pageCount || Math.abs(p - page) <= 2);
  return (
    <nav aria-label={label} className="mt-8 flex justify-center">
      <div className="join">
        <button type="button" className="join-item btn btn-sm" disabled={page <= 1} onClick={() => onPage(page - 1)} aria-label="Previous page">
          «
        </button>
        {pages.map((p, i) => (
          <span key={p} className="contents">
            {i > 0 && p - pages[i - 1]! > 1 && (
              <span className="join-item btn btn-sm btn-disabled" aria-hidden="true">
                …
              </span>
            )}
            <button
              type="button"
              className={`join-item btn btn-sm ${p === page ? 'btn-active btn-primary' : ''}`}
              aria-current={p === page ? 'page' : undefined}
              onClick={() => onPage(p)}
            >
              {p}
            </button>
          </span>
        ))}
        <button type="button" className="join-item btn btn-sm" disabled={page >= pageCount} onClick={() => onPage(page + 1)} aria-label="Next page">
          »
        </button>
      </div>
    </nav>
  );
}
