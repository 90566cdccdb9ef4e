import type { Category } from '@bulkparts/shared';
import { descendantSlugs } from '@bulkparts/shared/catalog';

/** A category placed in the tree: how deep it sits (0 at the top) and its name indented for a `<select>`. */
export interface CategoryOption {
  slug: string;
  name: string;
  parent: string | null;
  count: number;
  depth: number;
  /** The name behind two no-break spaces per level: `<option>` ignores CSS padding and collapses spaces. */
  label: string;
}

/**
 * The categories in tree order (each followed by its children, siblings in the order the API
 * gave them), with their depth. `exclude` leaves out that category and everything under it: the
 * places a category may not move to. A category whose parent is missing is shown at the top.
 */
export function categoryOptions(categories: readonly Category[], { exclude }: { exclude?: string } = {}): CategoryOption[] {
  const excluded = new Set(exclude ? descendantSlugs(categories, exclude) : []);
  const known = new Set(categories.map((c) => c.slug));
  const children = new Map<string | null, Category[]>();
  for (const c of categories) {
    const parent = c.parent !== null && known.has(c.parent) ? c.parent : null;
    children.set(parent, [...(children.get(parent) ?? []), c]);
  }
  const out: CategoryOption[] = [];
  const seen = new Set<string>();
  const visit = (parent: string | null, depth: number) => {
    for (const c of children.get(parent) ?? []) {
      if (seen.has(c.slug)) continue; // a cycle in bad data must not loop forever
      seen.add(c.slug);
      if (excluded.has(c.slug)) continue;
      out.push({ ...c, depth, label: `${'\u00a0\u00a0'.repeat(depth)}${c.name}` });
      visit(c.slug, depth + 1);
    }
  };
  visit(null, 0);
  return out;
}
