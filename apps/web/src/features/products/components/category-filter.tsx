import { useId } from 'react';
import { Link } from 'react-router';
import type { Category } from '@bulkparts/shared';

interface CategoryFilterProps {
  categories: readonly Category[];
  selected: string | null;
  /** Counts for the current filters (the facets); a category missing here has none. Null while they load. */
  counts: ReadonlyMap<string, number> | null;
  /** The link that selects a category (null: all categories), keeping the other filters. */
  hrefFor: (slug: string | null) => string;
  /**
   * Issue 33: other filters (a search, a brand…) are set, so a category they leave empty is left
   * out rather than listed with 0; the chosen category and the ones above it always stay.
   */
  hideEmpty?: boolean;
}

/**
 * The category tree as nested links: choosing one is a navigation (a new URL the back button
 * returns from), and each link can be opened in a new tab. The chosen one is marked
 * `aria-current`, not by colour alone.
 */
export function CategoryFilter({ categories, selected, counts, hrefFor, hideEmpty = false }: CategoryFilterProps) {
  const headingId = useId();
  const children = new Map<string | null, Category[]>();
  const known = new Set(categories.map((c) => c.slug));
  // The list comes parents first; a category whose parent is missing is shown at the top level.
  for (const c of categories) {
    const parent = c.parent && known.has(c.parent) ? c.parent : null;
    children.set(parent, [...(children.get(parent) ?? []), c]);
  }

  const parentOf = new Map(categories.map((c) => [c.slug, c.parent]));
  const kept = new Set<string>();
  for (let s = selected; s && !kept.has(s); s = parentOf.get(s) ?? null) kept.add(s);
  const shown = (c: Category) => !hideEmpty || !counts || (counts.get(c.slug) ?? 0) > 0 || kept.has(c.slug);

  const item = (c: Category, depth: number) => {
    const count = counts ? (counts.get(c.slug) ?? 0) : c.count;
    const current = c.slug === selected;
    const kids = depth < 8 ? (children.get(c.slug) ?? []).filter(shown) : [];
    return (
      <li key={c.slug}>
        <Link
          to={hrefFor(c.slug)}
          aria-current={current ? 'true' : undefined}
          className={current ? 'menu-active font-semibold' : count === 0 ? 'text-base-content/70' : ''}
        >
          <span className="grow">{c.name}</span>
          <span className="text-xs tabular-nums">
            {count}
            <span className="sr-only"> products</span>
          </span>
        </Link>
        {kids.length > 0 && <ul>{kids.map((k) => item(k, depth + 1))}</ul>}
      </li>
    );
  };

  return (
    <section aria-labelledby={headingId}>
      <h3 id={headingId} className="mb-1 font-semibold">
        Category
      </h3>
      <ul className="menu menu-sm w-full p-0">
        <li>
          <Link to={hrefFor(null)} aria-current={selected === null ? 'true' : undefined} className={selected === null ? 'menu-active font-semibold' : ''}>
            All categories
          </Link>
        </li>
        {(children.get(null) ?? []).filter(shown).map((c) => item(c, 0))}
      </ul>
    </section>
  );
}
