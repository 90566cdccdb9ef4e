import { PRODUCT_SORTS, type ProductSort } from '@bulkparts/shared/constants';

const SORT_LABELS: Record<ProductSort, string> = {
  featured: 'Best sellers',
  relevance: 'Relevance',
  'price-asc': 'Price: low to high',
  'price-desc': 'Price: high to low',
  name: 'Name',
  newest: 'Newest',
};

/** The list's order; 'Relevance' is offered (and the default) only while searching. Null: the default. */
export function SortSelect({ value, searching, onChange }: { value: ProductSort | null; searching: boolean; onChange: (sort: ProductSort | null) => void }) {
  const fallback: ProductSort = searching ? 'relevance' : 'featured';
  return (
    <label className="flex items-center gap-2">
      <span className="text-sm">Sort</span>
      <select
        className="select select-bordered select-sm"
        value={value ?? fallback}
        onChange={(e) => onChange(e.target.value === fallback ? null : (e.target.value as ProductSort))}
      >
        {PRODUCT_SORTS.filter((s) => searching || s !== 'relevance').map((s) => (
          <option key={s} value={s}>
            {SORT_LABELS[s]}
          </option>
        ))}
      </select>
    </label>
  );
}
