import { sql, type RawBuilder } from 'kysely';
import { MATCH_SCAN_MAX, PREFIX_MIN_LENGTH, type CatalogueFilter } from './catalogue-search.types.js';

/**
 * The catalogue's full-text part, the only SQL that differs between the engines: FTS5 + bm25 on
 * SQLite, the `search_vector` tsvector + ts_rank on PostgreSQL. User text reaches SQL only as bound
 * parameters: the full-text query is built from alphanumeric words (`searchWords`), so no FTS5 or
 * tsquery operator can come from the user.
 */

/** Words longer than this cannot be in the index usefully; they are cut, not refused. */
const WORD_MAX_LENGTH = 40;

/** The searchable words of a user's text: runs of letters and digits, lower-cased. */
export function searchWords(text: string): string[] {
  return (
    text
      .normalize('NFKC')
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu) ?? []
  ).map((w) => w.slice(0, WORD_MAX_LENGTH));
}

/** bm25 weights per products_fts column: product_id (never searched), sku, name, brand, description, attrs. */
const BM25_WEIGHTS = sql.raw('0, 10, 8, 3, 1, 3');
/** An exact SKU match ranks before any full-text score (bm25 scores are small negatives, ts_rank ≤ 1). */
const EXACT_SKU_RANK = -1e9;

/**
 * What the filters, sorts and facet reads use of a product (`conditions`, `orderBy`, `priceOf`,
 * `facetCounts`): PostgreSQL's text source reads these, not the whole row, from its matches.
 */
const PG_FILTER_COLUMNS = sql.raw(
  [
    'id',
    'position',
    'price_e4',
    'name_lower',
    'created_at',
    'archived',
    'category',
    'brand',
    'available_quantity',
    'minimum_order_quantity',
    'sku',
    'attributes',
  ]
    .map((c) => `t.${c}`)
    .join(', '),
);

export interface TextSource {
  from: RawBuilder<unknown>;
  where: RawBuilder<unknown>[];
  rank: RawBuilder<unknown>;
  textCount: RawBuilder<unknown> | null;
}

/**
 * What the filtered rows are read from (`p` = products) and their rank (`m_rank`, lower is
 * better). With a text, the matches are at most MATCH_SCAN_MAX + 1 rows of the full-text index
 * (FTS5 on SQLite, the tsvector's GIN index on PostgreSQL); an exact SKU always matches. The
 * rank (bm25 / ts_rank) is computed only when the list is ranked. `textCount` is how many
 * full-text matches the scan read (up to MATCH_SCAN_MAX + 1), from the same scan where the
 * engine gives it (PostgreSQL), else null (`textScanned` counts them again).
 */
export function textSource(pg: boolean, text: CatalogueFilter['text'], ranked: boolean): TextSource {
  if (!text) return { from: sql`products p`, where: [], rank: sql`0`, textCount: null };
  if (pg) return pgTextSource(text, ranked);
  const parts: RawBuilder<unknown>[] = [];
  const scan = MATCH_SCAN_MAX + 1;
  const fullText = textMatch(pg, text.words);
  if (fullText) {
    const rank = ranked ? sql`bm25(products_fts, ${BM25_WEIGHTS})` : sql`0`;
    parts.push(sql`select product_id, ${rank} as rank from products_fts where products_fts match ${fullText} limit ${scan}`);
  }
  if (text.sku !== null) parts.push(sql`select id as product_id, ${sql.raw(String(EXACT_SKU_RANK))} as rank from products where sku = ${text.sku}`);
  if (!parts.length) return { from: sql`products p`, where: [sql`1 = 0`], rank: sql`0`, textCount: null };
  // Each part in its own subquery (its LIMIT is its own; bm25() stays in its FTS context).
  const wrapped = parts.map((part, i) => sql`select product_id, rank from (${part}) ${sql.raw(`x${i}`)}`);
  const matches =
    wrapped.length === 1 ? wrapped[0] : sql`select product_id, min(rank) as rank from (${sql.join(wrapped, sql` union all `)}) u group by product_id`;
  return { from: sql`(${matches}) m join products p on p.id = m.product_id`, where: [], rank: sql`m.rank`, textCount: null };
}

/**
 * PostgreSQL's text source (ADR 0028): the matches' own rows, as the GIN index's bitmap scan
 * read them, are the products `p` (the columns the filters, sorts and facets use), with their
 * rank and how many matches the scan read (`n_text`). A second lookup of each match by id, and
 * a second scan to count the matches, cost as much as the scan itself. An exact SKU replaces
 * its own row among the matches (its rank first), as `min(rank)` does on SQLite.
 */
function pgTextSource(text: NonNullable<CatalogueFilter['text']>, ranked: boolean): TextSource {
  const fullText = textMatch(true, text.words);
  const bySku = (count: RawBuilder<unknown>) =>
    sql`select ${PG_FILTER_COLUMNS}, ${sql.raw(String(EXACT_SKU_RANK))}::float8 as rank, ${count} as n_text from products t where t.sku = ${text.sku}`;
  let rows: RawBuilder<unknown>;
  if (!fullText) {
    if (text.sku === null) return { from: sql`products p`, where: [sql`1 = 0`], rank: sql`0`, textCount: null };
    rows = bySku(sql`0::bigint`);
  } else {
    const rank = ranked ? sql`-ts_rank(t.search_vector, ${fullText})` : sql`0`;
    const counted = sql`(select count(*) from m)`;
    const matches = sql`select m.*, ${counted} as n_text from m${text.sku === null ? sql`` : sql` where m.sku <> ${text.sku} union all ${bySku(counted)}`}`;
    rows = sql`with m as (select ${PG_FILTER_COLUMNS}, ${rank}::float8 as rank from products t where t.search_vector @@ ${fullText} limit ${MATCH_SCAN_MAX + 1}) ${matches}`;
  }
  return { from: sql`(${rows}) p`, where: [], rank: sql`p.rank`, textCount: sql`p.n_text` };
}

/**
 * The full-text query of `words` (null without words): all required, the last a prefix when it
 * has at least PREFIX_MIN_LENGTH characters. Words are letters and digits only, so no FTS5 or
 * tsquery operator can come from the user; the query is a bound parameter.
 */
function textMatch(pg: boolean, words: string[]): RawBuilder<unknown> | null {
  if (!words.length) return null;
  const prefix = (w: string, i: number) => i === words.length - 1 && w.length >= PREFIX_MIN_LENGTH;
  if (pg) return sql`to_tsquery('simple', ${words.map((w, i) => (prefix(w, i) ? `${w}:*` : w)).join(' & ')})`;
  return sql`${`{sku name brand description attrs} : (${words.map((w, i) => `"${w}"${prefix(w, i) ? '*' : ''}`).join(' AND ')})`}`;
}

/** How many full-text matches the text has, read up to MATCH_SCAN_MAX + 1 (0 without words). */
export function textScanned(pg: boolean, text: CatalogueFilter['text']): RawBuilder<unknown> {
  const fullText = text ? textMatch(pg, text.words) : null;
  if (!fullText) return sql`0`;
  const scan = MATCH_SCAN_MAX + 1;
  return pg
    ? sql`(select count(*) from (select 1 from products t where t.search_vector @@ ${fullText} limit ${scan}) s)`
    : sql`(select count(*) from (select 1 from products_fts where products_fts match ${fullText} limit ${scan}) s)`;
}

/**
 * `textScanned` as an aggregate over rows `alias` of a text source: their own `n_text` where
 * the source carries it (PostgreSQL), else (or when the filters left no row) counted again.
 */
export function textTotal(pg: boolean, text: CatalogueFilter['text'], textCount: RawBuilder<unknown> | null, alias: string): RawBuilder<unknown> {
  return textCount ? sql`coalesce(max(${sql.ref(`${alias}.n_text`)}), ${textScanned(pg, text)})` : textScanned(pg, text);
}
