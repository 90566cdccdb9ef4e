/**
 * How the catalogue shows its products (issue 33): cards (9 a page) or a dense list of 25, 50 or
 * 100 rows (`?view=list&limit=50`). The URL says it when it can; else the buyer's last choice,
 * remembered in this browser. Zod-free and pure but for the two storage calls.
 */
export type CatalogueView = 'grid' | 'list';
export const GRID_PAGE_SIZE = 9;
export const LIST_PAGE_SIZES = [25, 50, 100] as const;
export type ListPageSize = (typeof LIST_PAGE_SIZES)[number];

export interface CatalogueLayout {
  view: CatalogueView;
  /** Rows of the list view (the grid's page is GRID_PAGE_SIZE). */
  rows: ListPageSize;
}

export const DEFAULT_LAYOUT: CatalogueLayout = { view: 'grid', rows: 25 };
const KEY = 'bulkparts.catalogue-view';

const isRows = (n: number): n is ListPageSize => (LIST_PAGE_SIZES as readonly number[]).includes(n);

/** The layout a page shows: what the URL says, else what was remembered, else the default. */
export function layoutFrom(params: URLSearchParams, remembered: CatalogueLayout | null): CatalogueLayout {
  const base = remembered ?? DEFAULT_LAYOUT;
  const view = params.get('view');
  const rows = Number(params.get('limit'));
  return { view: view === 'list' || view === 'grid' ? view : base.view, rows: isRows(rows) ? rows : base.rows };
}

/** The page size a read asks for. */
export const pageSizeOf = (layout: CatalogueLayout): number => (layout.view === 'list' ? layout.rows : GRID_PAGE_SIZE);

/** `params` saying `layout` (the view always; the rows in the list view). */
export function withLayout(params: URLSearchParams, layout: CatalogueLayout): URLSearchParams {
  const next = new URLSearchParams(params);
  next.set('view', layout.view);
  if (layout.view === 'list') next.set('limit', String(layout.rows));
  else next.delete('limit');
  return next;
}

export function rememberedLayout(): CatalogueLayout | null {
  try {
    const raw = JSON.parse(localStorage.getItem(KEY) ?? 'null') as Partial<CatalogueLayout> | null;
    if (!raw || (raw.view !== 'grid' && raw.view !== 'list')) return null;
    return { view: raw.view, rows: isRows(Number(raw.rows)) ? (Number(raw.rows) as ListPageSize) : DEFAULT_LAYOUT.rows };
  } catch {
    return null;
  }
}

export function rememberLayout(layout: CatalogueLayout): void {
  try {
    localStorage.setItem(KEY, JSON.stringify(layout));
  } catch {
    // Storage blocked: the URL still says it.
  }
}
