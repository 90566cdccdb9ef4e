import { LIST_PAGE_SIZES, type CatalogueLayout, type ListPageSize } from '../catalogue-view';

/** Cards or a list (issue 33), and the list's rows a page; the choice is the caller's to keep. */
export function ViewSwitch({ layout, onChange }: { layout: CatalogueLayout; onChange: (next: CatalogueLayout) => void }) {
  return (
    <div className="flex flex-wrap items-center gap-2">
      <div role="group" aria-label="Show products as" className="join">
        {(['grid', 'list'] as const).map((view) => (
          <button
            key={view}
            type="button"
            className={`join-item btn btn-sm ${layout.view === view ? 'btn-active btn-primary' : ''}`}
            aria-pressed={layout.view === view}
            onClick={() => onChange({ ...layout, view })}
          >
            {view === 'grid' ? 'Cards' : 'List'}
          </button>
        ))}
      </div>
      {layout.view === 'list' && (
        <label className="flex items-center gap-2">
          <span className="text-sm">Rows</span>
          <select
            className="select select-bordered select-sm"
            value={layout.rows}
            onChange={(e) => onChange({ ...layout, rows: Number(e.target.value) as ListPageSize })}
          >
            {LIST_PAGE_SIZES.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </label>
      )}
    </div>
  );
}
