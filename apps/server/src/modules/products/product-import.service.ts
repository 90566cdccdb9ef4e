import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import {
  detectCsvDelimiter,
  dollarsToE4,
  gramsOfKg,
  parseProductCsvHeader,
  PRODUCT_IMPORT_ERRORS_MAX,
  PRODUCT_IMPORT_MAX_BYTES,
  tiersToE4,
  type ImportError,
  type ProductCsvHeaderColumn,
  type ProductImportResult,
  type ProductInput,
} from '@bulkparts/shared';
import type { Transaction } from 'kysely';
import type { DB } from '../../db/tables.js';
import { AppError } from '../../lib/errors.js';
import { newId, nowIso } from '../../lib/ids.js';
import type { CatalogueCache } from './catalogue-cache.js';
import { CsvSyntaxError, jsonLinesWriter, readHeaderLine, readJsonLines, readRecords, spoolToFile } from './product-csv-reader.js';
import {
  hasBackorderColumns,
  hasLowStockColumn,
  hasUnspscColumn,
  hasWeightColumn,
  hasTaxClassColumn,
  keptPricingProblems,
  pricingColumns,
  validateRecord,
  type PricingColumns,
} from './product-csv-row.js';
import type { ProductCsvRow, ProductImportRepository } from './product-import.repository.js';
import { backorderColumns, catalogueColumns, storedTiers } from './products.service.js';
import type { ProductRow } from './products.repository.js';

export interface ProductImportDeps {
  repo: ProductImportRepository;
  /** Cleared once an import has committed (ADR 0012). */
  cache: Pick<CatalogueCache, 'clear'>;
  /** The slugs among these that name no category (the categories module answers). */
  missingCategories: (slugs: readonly string[]) => Promise<string[]>;
  /** Where the uploaded file is kept while it is read twice (default: the OS temp directory). */
  tmpDir?: string;
  maxBytes?: number;
}

/** SKUs per existence query and rows per upsert statement. */
const BATCH = 500;

/** At most PRODUCT_IMPORT_ERRORS_MAX entries; past it the last entry says how many more there are. */
function errorList() {
  const list: ImportError[] = [];
  let more = 0;
  return {
    add(...errors: ImportError[]) {
      for (const e of errors) {
        if (list.length < PRODUCT_IMPORT_ERRORS_MAX) list.push(e);
        else more++;
      }
    },
    get count() {
      return list.length + more;
    },
    result(): ImportError[] {
      if (!more) return list;
      const last = list[list.length - 1] as ImportError;
      return [...list.slice(0, -1), { row: last.row, column: '', message: `…and ${more + 1} more errors (fix these and import again)` }];
    },
  };
}

/** Issue 31: a stock figure below what the product's other warehouses hold (ADR 0032). */
export const WAREHOUSE_COUNT_MESSAGE = 'availableQuantity is less than the other warehouses hold; set those counts per warehouse (POST /api/stock)';

/** Values an import writes compare equal: attributes by content (key order is the file's), images as the list a product shows. */
function sameValues(
  current: ProductCsvRow,
  next: Omit<ProductRow, 'id' | 'position' | 'archived' | 'committed_quantity' | 'backordered_quantity' | 'backorder_seq' | 'created_at' | 'updated_at'>,
): boolean {
  const images = (row: { images: string; img: string }) => {
    const list = JSON.parse(row.images) as string[];
    return JSON.stringify(list.length ? list : [row.img]);
  };
  const attributes = (text: string) => JSON.stringify(Object.entries(JSON.parse(text) as Record<string, string>).sort(([a], [b]) => (a < b ? -1 : 1)));
  return (
    current.name === next.name &&
    current.description === next.description &&
    Number(current.price_e4) === next.price_e4 &&
    Number(current.minimum_order_quantity) === next.minimum_order_quantity &&
    Number(current.available_quantity) === next.available_quantity &&
    current.brand === next.brand &&
    current.category === next.category &&
    current.img === next.img &&
    images(current) === images(next) &&
    attributes(current.attributes) === attributes(next.attributes) &&
    JSON.stringify(storedTiers(current)) === next.price_tiers &&
    Number(current.order_multiple) === next.order_multiple &&
    (current.low_stock_threshold === null ? null : Number(current.low_stock_threshold)) === next.low_stock_threshold &&
    Number(current.backorder_allowed) === next.backorder_allowed &&
    (current.lead_time_days === null ? null : Number(current.lead_time_days)) === next.lead_time_days &&
    current.next_restock_date === next.next_restock_date &&
    (current.unspsc ?? null) === next.unspsc &&
    (current.weight_grams == null ? null : Number(current.weight_grams)) === next.weight_grams &&
    (current.tax_class ?? 'standard') === next.tax_class
  );
}

/**
 * A validated row as the `products` columns it writes (pass 1 stores these; pass 2 only reads
 * them). `price_tiers` / `order_multiple` / `low_stock_threshold` / `unspsc` are left out when the file has
 * no such column.
 */
function storedValues(input: ProductInput, pricing: PricingColumns, lowStock: boolean, unspsc: boolean, backorder = false, weight = false, taxClass = false) {
  return {
    ...(pricing.tiers ? { price_tiers: JSON.stringify(tiersToE4(input.priceTiers)) } : {}),
    ...(pricing.multiple ? { order_multiple: input.orderMultiple } : {}),
    ...(lowStock ? { low_stock_threshold: input.lowStockThreshold } : {}),
    // Issue 31: a file without backorder columns leaves a product's settings as they are.
    ...(backorder ? backorderColumns(input.backorder) : {}),
    ...(unspsc ? { unspsc: input.unspsc } : {}),
    // Issue 30: a file without the weight column leaves a product's weight as it is.
    ...(weight ? { weight_grams: input.weightKg === null ? null : gramsOfKg(input.weightKg) } : {}),
    ...(taxClass ? { tax_class: input.taxClass } : {}),
    ...catalogueColumns(input),
    name: input.name,
    name_lower: input.name.toLowerCase(),
    description: input.description,
    // Validated to two decimals by the shared schema, so never null here.
    price_e4: dollarsToE4(input.price) as number,
    minimum_order_quantity: input.minimumOrderQuantity,
    available_quantity: input.availableQuantity,
    img: input.img,
  };
}

type StoredValues = ReturnType<typeof storedValues>;

/**
 * `POST /api/service/import`: upsert by SKU from a CSV file. The body is spooled to a temp file;
 * pass 1 streams it and validates every row (keeping only the SKUs seen and the errors) and
 * writes the valid rows' column values as JSON lines beside it; pass 2 streams those and writes
 * them in one transaction, 500 rows per statement, doing no CSV work while it holds the database
 * (on SQLite every other query waits for it). Memory stays flat whatever the file's size.
 */
export function createProductImportService({ repo, cache, missingCategories, tmpDir, maxBytes = PRODUCT_IMPORT_MAX_BYTES }: ProductImportDeps) {
  /** Pass 1: every row checked; answers the valid SKUs and the errors, and writes the valid rows to `validFile` if given. */
  async function check(file: string, delimiter: string, validFile: string | undefined) {
    const valid = validFile === undefined ? undefined : jsonLinesWriter(validFile);
    const errors = errorList();
    const firstRowOf = new Map<string, number>();
    const categoryKnown = new Map<string, boolean>();
    let columns: (ProductCsvHeaderColumn | undefined)[] | undefined;
    let pricing: PricingColumns = { tiers: true, multiple: true };
    let lowStock = true;
    let backorder = false;
    let unspsc = true;
    let weight = false;
    let taxClass = false;
    let stop = false;
    const accepted: { row: number; value: ProductInput }[] = [];
    /** The batch's valid rows: checked against the stored tiers/multiple they keep, then written. */
    const settle = async () => {
      let ok = accepted;
      if (!(pricing.tiers && pricing.multiple) && accepted.length) {
        const stored = new Map((await repo.pricingBySkus(accepted.map((a) => a.value.sku))).map((r) => [r.sku, r]));
        ok = accepted.filter(({ row, value }) => {
          const kept = stored.get(value.sku);
          const problems = kept ? keptPricingProblems(value, kept, pricing) : [];
          errors.add(...problems.map((p) => ({ row, ...p })));
          return problems.length === 0;
        });
      }
      if (valid && !errors.count) for (const a of ok) await valid.write(storedValues(a.value, pricing, lowStock, unspsc, backorder, weight, taxClass));
      accepted.length = 0;
    };
    try {
      for await (const batch of readRecords(file, delimiter)) {
        for (const { row, cells } of batch) {
          if (!columns) {
            const header = parseProductCsvHeader(cells);
            if (header.errors.length) {
              errors.add(...header.errors.map((e) => ({ row, ...e })));
              stop = true; // rows cannot be read against a broken header
              break;
            }
            columns = header.columns;
            pricing = pricingColumns(columns);
            lowStock = hasLowStockColumn(columns);
            backorder = hasBackorderColumns(columns);
            unspsc = hasUnspscColumn(columns);
            weight = hasWeightColumn(columns);
            taxClass = hasTaxClassColumn(columns);
            continue;
          }
          if (cells.every((c) => !c.trim())) continue; // a spreadsheet's trailing blank row
          const checked = validateRecord(columns, cells, row);
          if (!checked.ok) {
            errors.add(...checked.errors);
            continue;
          }
          const { sku, category } = checked.value;
          const first = firstRowOf.get(sku);
          if (first !== undefined) {
            errors.add({ row, column: 'sku', message: `SKU ${sku} is already on row ${first} of this file` });
            continue;
          }
          if (category !== null) {
            if (!categoryKnown.has(category)) categoryKnown.set(category, (await missingCategories([category])).length === 0);
            if (!categoryKnown.get(category)) {
              errors.add({ row, column: 'category', message: `Category ${category} does not exist` });
              continue;
            }
          }
          firstRowOf.set(sku, row);
          accepted.push({ row, value: checked.value });
        }
        await settle();
        if (stop) break;
      }
    } catch (err) {
      if (!(err instanceof CsvSyntaxError)) throw err;
      errors.add({ row: err.row, column: '', message: err.message });
    } finally {
      await valid?.close();
    }
    if (!columns && !errors.count) throw new AppError('BAD_REQUEST', 'The file is empty: it needs a header row and one row per product');
    return { skus: [...firstRowOf.keys()], errors };
  }

  /** How many of the valid SKUs exist already (the dry run's and a refused file's counts). */
  async function countExisting(skus: readonly string[]): Promise<number> {
    let existing = 0;
    for (let i = 0; i < skus.length; i += BATCH) existing += (await repo.existingSkus(skus.slice(i, i + BATCH))).size;
    return existing;
  }

  /** Pass 2, inside `trx`: rows whose values are all unchanged are not written but count as updated. */
  async function apply(trx: Transaction<DB>, validFile: string) {
    let position = await repo.nextPosition(trx);
    let created = 0;
    let updated = 0;
    const now = nowIso();
    let batch: StoredValues[] = [];
    const flush = async () => {
      const current = new Map(
        (
          await repo.findBySkus(
            trx,
            batch.map((v) => v.sku),
          )
        ).map((r) => [r.sku, r]),
      );
      const rows: ProductRow[] = [];
      for (const values of batch) {
        const existing = current.get(values.sku);
        if (existing) updated++;
        else created++;
        // A file without a tiers, multiple or low-stock column keeps the product's own (a new one
        // gets none, 1 and the shop-wide setting). The file's threshold may be null: only
        // undefined (no column) keeps the stored one.
        const merged = {
          ...values,
          price_tiers: values.price_tiers ?? existing?.price_tiers ?? '[]',
          order_multiple: values.order_multiple ?? Number(existing?.order_multiple ?? 1),
          low_stock_threshold: values.low_stock_threshold !== undefined ? values.low_stock_threshold : (existing?.low_stock_threshold ?? null),
          backorder_allowed: values.backorder_allowed ?? Number(existing?.backorder_allowed ?? 0),
          lead_time_days: values.lead_time_days !== undefined ? values.lead_time_days : (existing?.lead_time_days ?? null),
          next_restock_date: values.next_restock_date !== undefined ? values.next_restock_date : (existing?.next_restock_date ?? null),
          unspsc: values.unspsc !== undefined ? values.unspsc : (existing?.unspsc ?? null),
          weight_grams: values.weight_grams !== undefined ? values.weight_grams : existing?.weight_grams == null ? null : Number(existing.weight_grams),
          tax_class: values.tax_class !== undefined ? values.tax_class : (existing?.tax_class ?? 'standard'),
        };
        if (existing && sameValues(existing, merged)) continue;
        // On an existing SKU only the file's values are written (repository); id and position are for new rows.
        // `committed_quantity` is not among the columns an upsert rewrites: an existing product keeps its own.
        rows.push({
          ...merged,
          id: existing?.id ?? newId(),
          position: position++,
          archived: 0,
          committed_quantity: 0,
          backordered_quantity: 0,
          backorder_seq: 0,
          created_at: now,
          updated_at: now,
        });
      }
      await repo.upsert(trx, rows);
      // Issue 31: a file's stock is the default warehouse's, as before warehouses; it may not leave that warehouse a negative count.
      const short = await repo.belowOtherWarehouses(
        trx,
        rows.map((r) => r.sku),
      );
      if (short.length) {
        const lines = short.map((sku) => ({ sku, message: WAREHOUSE_COUNT_MESSAGE }));
        throw new AppError('CONFLICT', `${short[0]}: ${WAREHOUSE_COUNT_MESSAGE}`, { availableQuantity: WAREHOUSE_COUNT_MESSAGE }, lines);
      }
      batch = [];
    };
    for await (const values of readJsonLines<StoredValues>(validFile)) {
      for (const value of values) {
        batch.push(value);
        if (batch.length >= BATCH) await flush();
      }
    }
    if (batch.length) await flush();
    return { created, updated };
  }

  return {
    /** With `dryRun` nothing is written; otherwise a file with any error writes nothing either. */
    async importCsv(body: Readable, { dryRun }: { dryRun: boolean }): Promise<ProductImportResult> {
      const dir = await mkdtemp(path.join(tmpDir ?? tmpdir(), 'product-import-'));
      try {
        const file = path.join(dir, 'upload.csv');
        await spoolToFile(body, file, maxBytes);
        const headerLine = await readHeaderLine(file);
        if (!headerLine.trim()) throw new AppError('BAD_REQUEST', 'The file is empty: it needs a header row and one row per product');
        const delimiter = detectCsvDelimiter(headerLine);
        const validFile = dryRun ? undefined : path.join(dir, 'valid.jsonl');
        const { skus, errors } = await check(file, delimiter, validFile);
        if (dryRun || errors.count) {
          const existing = await countExisting(skus);
          return { created: skus.length - existing, updated: existing, errors: errors.result() };
        }
        const counts = await repo.transaction((trx) => apply(trx, validFile as string));
        cache.clear();
        return { ...counts, errors: [] };
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
  };
}

export type ProductImportService = ReturnType<typeof createProductImportService>;
