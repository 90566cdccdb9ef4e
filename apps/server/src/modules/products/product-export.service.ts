import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify/sync';
import {
  csvFormulaEscape,
  formatTiersCell,
  formatUnitPriceDecimal,
  PRODUCT_CSV_ATTRIBUTE_PREFIX,
  PRODUCT_CSV_COLUMNS,
  PRODUCT_CSV_IMAGES_COLUMN,
  PRODUCT_CSV_LIST_SEPARATOR,
  PRODUCT_CSV_LOW_STOCK_COLUMN,
  PRODUCT_CSV_BACKORDER_COLUMNS,
  PRODUCT_CSV_PRICING_COLUMNS,
  PRODUCT_CSV_UNSPSC_COLUMN,
  PRODUCT_CSV_WEIGHT_COLUMN,
  PRODUCT_CSV_TAX_CLASS_COLUMN,
} from '@bulkparts/shared';
import type { ProductCsvRow, ProductImportRepository } from './product-import.repository.js';
import { storedTiers } from './products.service.js';

/** Products per database read: memory stays flat whatever the catalogue's size. */
const EXPORT_PAGE = 1000;

/** One product in the import format; text cells get the formula guard the import takes off again. */
function cells(row: ProductCsvRow, attributeNames: readonly string[]): string[] {
  const images = JSON.parse(row.images) as string[];
  const attributes = JSON.parse(row.attributes) as Record<string, string>;
  const fixed: Record<(typeof PRODUCT_CSV_COLUMNS)[number], string> = {
    sku: row.sku,
    name: row.name,
    description: row.description,
    price: formatUnitPriceDecimal(Number(row.price_e4)),
    minimumOrderQuantity: String(row.minimum_order_quantity),
    availableQuantity: String(row.available_quantity),
    brand: row.brand,
    category: row.category ?? '',
    img: row.img,
  };
  return [
    ...PRODUCT_CSV_COLUMNS.map((c) => fixed[c]),
    images.filter((u) => u !== row.img).join(PRODUCT_CSV_LIST_SEPARATOR),
    // PRODUCT_CSV_PRICING_COLUMNS' order: tiers, orderMultiple.
    formatTiersCell(storedTiers(row)),
    String(row.order_multiple),
    // Empty: the shop-wide setting (the import reads it back as null).
    row.low_stock_threshold === null ? '' : String(row.low_stock_threshold),
    // Issue 31: PRODUCT_CSV_BACKORDER_COLUMNS' order: backorderAllowed, leadTimeDays, nextRestockDate.
    Number(row.backorder_allowed) === 1 ? 'yes' : 'no',
    row.lead_time_days === null ? '' : String(row.lead_time_days),
    row.next_restock_date ?? '',
    row.unspsc ?? '',
    // Issue 30: kilograms (grams / 1000, exact: at most 3 decimals); empty for none.
    row.weight_grams === null ? '' : String(Number(row.weight_grams) / 1000),
    row.tax_class ?? 'standard',
    ...attributeNames.map((name) => attributes[name] ?? ''),
  ].map(csvFormulaEscape);
}

/**
 * `GET /api/service/export.csv`: every product, archived ones too (the import matches them by SKU
 * and keeps them archived), in exactly the import's columns, so an export imports back unchanged.
 */
export function createProductExportService(repo: ProductImportRepository) {
  return {
    async exportCsv(): Promise<Readable> {
      // Code-unit order, the same on both engines (database collations differ).
      const attributeNames = (await repo.attributeNames()).sort();
      const header = [
        ...PRODUCT_CSV_COLUMNS,
        PRODUCT_CSV_IMAGES_COLUMN,
        ...PRODUCT_CSV_PRICING_COLUMNS,
        PRODUCT_CSV_LOW_STOCK_COLUMN,
        ...PRODUCT_CSV_BACKORDER_COLUMNS,
        PRODUCT_CSV_UNSPSC_COLUMN,
        PRODUCT_CSV_WEIGHT_COLUMN,
        PRODUCT_CSV_TAX_CLASS_COLUMN,
        ...attributeNames.map((n) => `${PRODUCT_CSV_ATTRIBUTE_PREFIX}${n}`),
      ];
      // One CSV chunk per page (csv-stringify's sync API): a record at a time through a stream
      // transform cost 30 times the database reads.
      const options = { record_delimiter: 'windows' } as const;
      async function* chunks() {
        yield stringify([header], options);
        let after: string | undefined;
        for (;;) {
          const page = await repo.exportPage(after, EXPORT_PAGE);
          if (page.length)
            yield stringify(
              page.map((row) => cells(row, attributeNames)),
              options,
            );
          if (page.length < EXPORT_PAGE) return;
          after = page[page.length - 1]?.id;
        }
      }
      return Readable.from(chunks(), { objectMode: false });
    },
  };
}

export type ProductExportService = ReturnType<typeof createProductExportService>;
