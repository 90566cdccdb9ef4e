import type { Product } from '@bulkparts/shared';
import { formatUnitPriceDollars } from '@bulkparts/shared/money';
import { naturalCompare } from '@bulkparts/shared/natural-sort';
import { formatQuantity } from '@bulkparts/shared/availability';

/** One row of the comparison: what it is, each product's value ('—' for none), and whether they differ. */
export interface CompareRow {
  label: string;
  values: string[];
  differs: boolean;
  /** A specification (the rows below the catalogue's own fields). */
  spec: boolean;
}

const NONE = '—';

/**
 * Products side by side (issue 33): the catalogue's fields, then every specification any of them
 * has, by name, each product's value in the same row; a row whose values are not all the same is
 * marked. Pure, for the compare page and its test.
 */
export function compareRows(products: readonly Product[]): CompareRow[] {
  const row = (label: string, values: string[], spec = false): CompareRow => ({ label, values, spec, differs: new Set(values).size > 1 });
  const firstBreak = (p: Product) => {
    const t = [...p.priceTiers].sort((a, b) => a.minQuantity - b.minQuantity)[0];
    return t ? `${formatUnitPriceDollars(t.price)} from ${formatQuantity(t.minQuantity)}` : NONE;
  };
  const rows = [
    row(
      'SKU',
      products.map((p) => p.sku),
    ),
    row(
      'Brand',
      products.map((p) => p.brand || NONE),
    ),
    row(
      'Price per piece',
      products.map((p) => formatUnitPriceDollars(p.price)),
    ),
    row('First quantity break', products.map(firstBreak)),
    row(
      'Minimum order',
      products.map((p) => formatQuantity(p.minimumOrderQuantity)),
    ),
    row(
      'Pack of',
      products.map((p) => (p.orderMultiple > 1 ? formatQuantity(p.orderMultiple) : NONE)),
    ),
    row(
      'In stock',
      products.map((p) => formatQuantity(p.availableQuantity)),
    ),
  ];
  const names = [...new Set(products.flatMap((p) => Object.keys(p.attributes)))].sort(naturalCompare);
  for (const name of names)
    rows.push(
      row(
        name,
        products.map((p) => p.attributes[name] ?? NONE),
        true,
      ),
    );
  return rows;
}
