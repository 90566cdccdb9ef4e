import type { Kysely } from 'kysely';
import type { TaxClass, TaxRate } from '@bulkparts/shared';
import type { DB } from '../../db/tables.js';

const toRate = (r: { country: string; region: string; tax_class: string; rate_bp: number; name: string }): TaxRate => ({
  country: r.country,
  region: r.region === '' ? null : r.region,
  taxClass: r.tax_class as TaxClass,
  rateBp: Number(r.rate_bp),
  name: r.name,
});

/** The `tax_rates` table (issue 30): a few hundred rows at most, read whole or per country. */
export function createTaxRepository(db: Kysely<DB>) {
  return {
    async list(): Promise<TaxRate[]> {
      const rows = await db.selectFrom('tax_rates').selectAll().orderBy('country').orderBy('region').orderBy('tax_class').execute();
      return rows.map(toRate);
    },

    async ofCountry(country: string): Promise<TaxRate[]> {
      const rows = await db.selectFrom('tax_rates').selectAll().where('country', '=', country).execute();
      return rows.map(toRate);
    },

    /** The whole set replaced in one transaction (PUT): readers see the old set or the new, never half. */
    async replaceAll(rates: readonly TaxRate[], now: string): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('tax_rates').execute();
        if (rates.length === 0) return;
        const rows = rates.map((r) => ({
          country: r.country,
          region: r.region ?? '',
          tax_class: r.taxClass,
          rate_bp: r.rateBp,
          name: r.name,
          updated_at: now,
        }));
        // Chunks: PostgreSQL's and SQLite's bound-parameter limits.
        for (let i = 0; i < rows.length; i += 500)
          await trx
            .insertInto('tax_rates')
            .values(rows.slice(i, i + 500))
            .execute();
      });
    },
  };
}

export type TaxRepository = ReturnType<typeof createTaxRepository>;
