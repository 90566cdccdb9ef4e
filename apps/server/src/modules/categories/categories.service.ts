import { descendantSlugs, rollUpCategoryCounts, slugify, type Category, type CategoryInput, type CategoryPatch } from '@bulkparts/shared';
import { isUniqueViolation } from '../../db/query-helpers.js';
import { AppError, notFound } from '../../lib/errors.js';
import { nowIso } from '../../lib/ids.js';
import type { CatalogueCache } from '../products/catalogue-cache.js';
import type { CategoriesRepository, CategoryRow } from './categories.repository.js';

/** What the categories module needs from the products module (its service answers). */
export interface CategoryProducts {
  /** Visible (not archived) products filed directly in each category. */
  directCategoryCounts(): Promise<Map<string, number>>;
  /** Products filed in `category`, archived ones too. */
  countInCategory(category: string): Promise<number>;
}

export interface CategoriesDeps {
  repo: CategoriesRepository;
  products: CategoryProducts;
  /** The catalogue cache holds `GET /api/categories`; cleared after every write here (ADR 0012). */
  cache: Pick<CatalogueCache, 'clear'>;
}

const slugTaken = (slug: string) => new AppError('CONFLICT', `A category with the slug ${slug} already exists`, { slug: `The slug ${slug} is already used` });
/** Why a category cannot be deleted, naming what still uses it. */
function inUseConflict(name: string, children: number, products: number): AppError {
  const reasons: string[] = [];
  if (children > 0) reasons.push(`it has ${children} subcategor${children === 1 ? 'y' : 'ies'}`);
  if (products > 0) reasons.push(`${products} product${products === 1 ? ' is' : 's are'} filed in it (archived ones count too)`);
  return new AppError('CONFLICT', `${name} cannot be deleted: ${reasons.join(' and ')}. Move them first.`);
}
const unknownParent = () => new AppError('VALIDATION_FAILED', 'Parent category not found', { parent: 'Parent category not found' });

/**
 * Parents before children: each category is followed by its subtree, siblings in the order the
 * rows come (position, then name). A row whose parent is missing shows as a top-level one, and
 * rows left over (only a cycle in bad data) come last, so nothing is ever hidden.
 */
function treeOrder(rows: readonly CategoryRow[]): CategoryRow[] {
  const slugs = new Set(rows.map((r) => r.slug));
  const children = new Map<string | null, CategoryRow[]>();
  for (const r of rows) {
    const parent = r.parent !== null && slugs.has(r.parent) ? r.parent : null;
    children.set(parent, [...(children.get(parent) ?? []), r]);
  }
  const ordered: CategoryRow[] = [];
  const seen = new Set<string>();
  const visit = (parent: string | null) => {
    for (const r of children.get(parent) ?? []) {
      if (seen.has(r.slug)) continue;
      seen.add(r.slug);
      ordered.push(r);
      visit(r.slug);
    }
  };
  visit(null);
  return [...ordered, ...rows.filter((r) => !seen.has(r.slug))];
}

/** The category tree: the public list with product counts, admin writes, and the checks other modules ask for. */
export function createCategoriesService({ repo, products, cache }: CategoriesDeps) {
  async function withCounts(rows: readonly CategoryRow[]): Promise<Category[]> {
    const totals = rollUpCategoryCounts(rows, await products.directCategoryCounts());
    return treeOrder(rows).map((r) => ({ slug: r.slug, name: r.name, parent: r.parent, count: totals.get(r.slug) ?? 0 }));
  }

  /** One category as the API answers it, with its fresh count. */
  async function answer(slug: string): Promise<Category> {
    const found = (await withCounts(await repo.all())).find((c) => c.slug === slug);
    if (!found) throw notFound('Category');
    return found;
  }

  return {
    list: async (): Promise<Category[]> => withCounts(await repo.all()),

    /** The bare tree (the search filter widens `category=<slug>` to its descendants with it). */
    tree: async (): Promise<{ slug: string; parent: string | null }[]> => (await repo.all()).map((r) => ({ slug: r.slug, parent: r.parent })),

    exists: async (slug: string): Promise<boolean> => (await repo.existing([slug])).has(slug),

    /** The slugs among `slugs` that name no category (product import refuses those rows). */
    async findMissing(slugs: readonly string[]): Promise<string[]> {
      const unique = [...new Set(slugs)];
      const found = await repo.existing(unique);
      return unique.filter((s) => !found.has(s));
    },

    async create(input: CategoryInput): Promise<Category> {
      const slug = input.slug ?? slugify(input.name);
      if (!slug) throw new AppError('VALIDATION_FAILED', 'Give a slug: the name has no letters or digits to make one from', { slug: 'Slug is required' });
      await repo.locked(async (q) => {
        if (await q.find(slug)) throw slugTaken(slug);
        if (input.parent !== null && !(await q.find(input.parent))) throw unknownParent();
        const now = nowIso();
        try {
          await q.insert({ slug, name: input.name, parent: input.parent, position: await q.nextPosition(), created_at: now, updated_at: now });
        } catch (err) {
          if (isUniqueViolation(err)) throw slugTaken(slug);
          throw err;
        }
      });
      cache.clear();
      return answer(slug);
    },

    /** Rename and/or move. A move under the category itself or one of its descendants is refused. */
    async update(slug: string, patch: CategoryPatch): Promise<Category> {
      await repo.locked(async (q) => {
        if (!(await q.find(slug))) throw notFound('Category');
        const values: Partial<Pick<CategoryRow, 'name' | 'parent' | 'updated_at'>> = { updated_at: nowIso() };
        if (patch.name !== undefined) values.name = patch.name;
        if (patch.parent !== undefined) {
          if (patch.parent !== null) {
            if (!(await q.find(patch.parent))) throw unknownParent();
            if (descendantSlugs(await q.all(), slug).includes(patch.parent)) {
              const message = patch.parent === slug ? 'A category cannot be its own parent' : 'A category cannot move under one of its own subcategories';
              throw new AppError('CONFLICT', message, { parent: message });
            }
          }
          values.parent = patch.parent;
        }
        await q.update(slug, values);
      });
      cache.clear();
      return answer(slug);
    },

    /** Only an empty category goes: no subcategories and no product filed in it (archived ones too). */
    async remove(slug: string): Promise<{ deleted: true }> {
      const row = await repo.find(slug);
      if (!row) throw notFound('Category');
      // Asked before the tree lock: on SQLite the lock's transaction holds the one connection, so
      // another module's query inside it would wait forever. A product filed in this category at
      // this very moment can still race the delete; it then shows as filed in no category.
      const [children, inUse] = await Promise.all([repo.childCount(slug), products.countInCategory(slug)]);
      if (children > 0 || inUse > 0) throw inUseConflict(row.name, children, inUse);
      await repo.locked(async (q) => {
        // Again under the lock: a move may have put a subcategory under it since.
        const now = await q.childCount(slug);
        if (now > 0) throw inUseConflict(row.name, now, 0);
        await q.delete(slug);
      });
      cache.clear();
      return { deleted: true };
    },
  };
}

export type CategoriesService = ReturnType<typeof createCategoriesService>;
