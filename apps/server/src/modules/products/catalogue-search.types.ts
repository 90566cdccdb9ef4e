import type { RawBuilder } from 'kysely';

/**
 * The catalogue search's shapes and bounds (catalogue-search.repository.ts builds the reads): the
 * resolved filter, what a facet read asks and answers, the bounded counts, and the time-budget error.
 */

/** A resolved filter: the category already widened to its descendants, prices in cents. */
export interface CatalogueFilter {
  /** Lower-case alphanumeric words (all must match, the last as a prefix) and the text as an exact SKU. */
  text?: { words: string[]; sku: string | null };
  categories?: string[];
  brands?: string[];
  /** [name, any of values]; all names must match. */
  attributes?: [string, string[]][];
  minE4?: number;
  maxE4?: number;
  inStock?: boolean;
  includeArchived: boolean;
  /**
   * Issue 28: the caller's own prices (a company member's discount and fixed prices, ADR 0018):
   * `minE4`/`maxE4` and the price range then use the caller's price of each product, the
   * lower of its list price and the company's (shared `asSeenBy`). `key` names the price list.
   */
  prices?: CallerPrices;
}

export interface CallerPrices {
  key: string;
  discountPercent: number | null;
  /** Fixed unit prices in cents by product id. */
  fixed: Record<string, number>;
}

/**
 * Bounded work per query (ADR 0023): a text search reads at most this many matches (+1, to know
 * there are more), and every live count is taken over at most this many matching products. Past
 * it, counts are lower bounds (the answer says so) and a search ranks and sorts its first matches.
 */
export const MATCH_SCAN_MAX = 2_000;
/** A last word shorter than this is matched as a whole word, not as a prefix (`a*` would read the whole index). */
export const PREFIX_MIN_LENGTH = 2;

/** A count that stopped at MATCH_SCAN_MAX: `more` when there are more matches than `n`. */
export interface BoundedCount {
  n: number;
  more: boolean;
}

/** What one `facetCounts` read counts over its filter. */
export interface FacetWants {
  categories?: { max: number };
  brands?: { max: number };
  price?: boolean;
  /** Only the specification `only`, or every one but `except`; at most `perName` values per name. */
  attributes?: { only?: string; except?: string[]; perName: number };
}

export interface FacetCounts {
  count: BoundedCount;
  categories: ValueCount[];
  brands: ValueCount[];
  price: { min: number | null; max: number | null };
  attributes: AttributeCount[];
}

/** A read that did not finish within its request's time budget (the caller answers without it). */
export class CatalogueBudgetError extends Error {
  constructor() {
    super('catalogue read over its time budget');
    this.name = 'CatalogueBudgetError';
  }
}

export interface ValueCount {
  value: string;
  n: number;
}

export interface AttributeCount extends ValueCount {
  name: string;
  /** Matching products that have the specification at all (ranks the names). */
  nameTotal: number;
}

/** What each read's statements need: the engine, and how to run a statement within the request's time budget. */
export interface CatalogueReadContext {
  pg: boolean;
  run<R>(query: RawBuilder<R>): Promise<R[]>;
}
