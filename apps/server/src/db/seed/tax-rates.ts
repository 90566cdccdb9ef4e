import type { TaxRate } from '@bulkparts/shared';

/**
 * The VAT rates the shop ships with (issue 30): each EU member state's and the UK's standard rate
 * and its main reduced rate, as of late 2026 (percent). Other countries and US states are 0 until
 * an admin sets them at /dashboard/tax. A country without a reduced rate (Denmark) taxes the
 * reduced class at its standard rate.
 *
 * Data of migration 20261231000000-tax, which inserts them: kept under db/ so a migration depends
 * on no module's code. Changing a rate here changes only databases created afterwards; a new rate
 * for running shops is a new migration (or an admin's edit).
 */
const VAT: [country: string, standard: number, reduced: number][] = [
  ['AT', 20, 10],
  ['BE', 21, 6],
  ['BG', 20, 9],
  ['HR', 25, 13],
  ['CY', 19, 5],
  ['CZ', 21, 12],
  ['DK', 25, 25],
  ['EE', 24, 9],
  ['FI', 25.5, 13.5],
  ['FR', 20, 5.5],
  ['DE', 19, 7],
  ['GR', 24, 13],
  ['HU', 27, 5],
  ['IE', 23, 13.5],
  ['IT', 22, 10],
  ['LV', 21, 12],
  ['LT', 21, 9],
  ['LU', 17, 8],
  ['MT', 18, 7],
  ['NL', 21, 9],
  ['PL', 23, 8],
  ['PT', 23, 6],
  ['RO', 21, 11],
  ['SK', 23, 19],
  ['SI', 22, 9.5],
  ['ES', 21, 10],
  ['SE', 25, 12],
  ['GB', 20, 5],
];

export const SEED_TAX_RATES: TaxRate[] = VAT.flatMap(([country, standard, reduced]) => [
  { country, region: null, taxClass: 'standard' as const, rateBp: Math.round(standard * 100), name: `VAT ${standard}%` },
  { country, region: null, taxClass: 'reduced' as const, rateBp: Math.round(reduced * 100), name: `VAT ${reduced}%` },
]);
