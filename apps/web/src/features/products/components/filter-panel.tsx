import type { Category, ProductFacets } from '@bulkparts/shared';
import { changeFilters, hasFilters, toggleAttribute, toggled, type ProductFilterState } from '../product-filters';
import { productsHref } from '../use-product-filters';
import { CategoryFilter } from './category-filter';
import { FacetCheckboxes } from './facet-checkboxes';
import { PriceFilter } from './price-filter';

interface FilterPanelProps {
  state: ProductFilterState;
  onChange: (next: ProductFilterState) => void;
  onClear: () => void;
  facets: ProductFacets | undefined;
  categories: readonly Category[] | undefined;
}

/** Specification groups open at first; the rest fold away (a long list of specs buries the price). */
const OPEN_SPEC_GROUPS = 3;

/** The catalogue's filters: category tree, brands, specifications, price and stock, with the facets' counts. */
export function FilterPanel({ state, onChange, onClear, facets, categories }: FilterPanelProps) {
  const change = (patch: Parameters<typeof changeFilters>[1]) => onChange(changeFilters(state, patch));
  const specNames = Object.keys(facets?.attributes ?? {}).sort((a, b) => a.localeCompare(b));
  // A chosen specification the facets no longer list still shows, to be unchecked.
  for (const name of Object.keys(state.attributes)) if (!specNames.includes(name)) specNames.push(name);

  return (
    <div className="space-y-6">
      {categories && categories.length > 0 && (
        <CategoryFilter
          categories={categories}
          selected={state.category}
          counts={facets ? new Map(facets.categories.map((c) => [c.slug, c.count])) : null}
          hrefFor={(slug) => productsHref(changeFilters(state, { category: slug }))}
          hideEmpty={hasFilters({ ...state, category: null })}
        />
      )}
      <FacetCheckboxes legend="Brand" options={facets?.brands ?? []} selected={state.brands} onToggle={(b) => change({ brands: toggled(state.brands, b) })} />
      {specNames.map((name, i) => (
        <FacetCheckboxes
          key={name}
          legend={name}
          collapsible
          defaultOpen={i < OPEN_SPEC_GROUPS}
          options={facets?.attributes[name] ?? []}
          selected={state.attributes[name] ?? []}
          onToggle={(v) => change({ attributes: toggleAttribute(state.attributes, name, v) })}
        />
      ))}
      <PriceFilter
        key={`${state.minPrice}-${state.maxPrice}`}
        min={state.minPrice}
        max={state.maxPrice}
        range={facets?.price ?? null}
        onApply={(minPrice, maxPrice) => change({ minPrice, maxPrice })}
      />
      <label className="flex cursor-pointer items-center gap-2">
        <input type="checkbox" className="toggle toggle-sm" checked={state.inStock} onChange={(e) => change({ inStock: e.target.checked })} />
        <span>In stock only</span>
      </label>
      {hasFilters(state) && (
        <button type="button" className="btn btn-sm btn-outline w-full" onClick={onClear}>
          Clear filters
        </button>
      )}
    </div>
  );
}
