import type { Kysely, Selectable } from 'kysely';
import type { Engine } from '../../db/database.js';
import type { CompanyAddressesTable, CompanyPricesTable } from '../../db/schema.js';
import type { DB } from '../../db/tables.js';
import { lockCompany } from './companies.repository.js';

export type AddressRow = Selectable<CompanyAddressesTable>;
export type PriceRow = Selectable<CompanyPricesTable>;

/** The companies module's `company_addresses` and `company_prices` (db/table-owners.ts). */
export function createCompanyAddressesRepository(db: Kysely<DB>, engine: Engine) {
  return {
    /** Oldest first. */
    listAddresses(companyId: string): Promise<AddressRow[]> {
      return db.selectFrom('company_addresses').selectAll().where('company_id', '=', companyId).orderBy('created_at').orderBy('id').execute();
    },

    /** Adds an address unless the company already keeps `max` (counted under the company's lock). */
    async addAddress(row: AddressRow, max: number): Promise<'added' | 'full'> {
      return db.transaction().execute(async (trx) => {
        await lockCompany(trx, engine, row.company_id);
        const { n } = await trx
          .selectFrom('company_addresses')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('company_id', '=', row.company_id)
          .executeTakeFirstOrThrow();
        if (Number(n) >= max) return 'full';
        await trx.insertInto('company_addresses').values(row).execute();
        return 'added';
      });
    },

    async deleteAddress(companyId: string, id: string): Promise<boolean> {
      const result = await db.deleteFrom('company_addresses').where('company_id', '=', companyId).where('id', '=', id).executeTakeFirst();
      return Number(result.numDeletedRows) === 1;
    },
  };
}

/** Fixed unit prices per company and product. */
export function createCompanyPricesRepository(db: Kysely<DB>) {
  return {
    /** Every fixed price of the company, or only those of `productIds`. */
    list(companyId: string, productIds?: readonly string[]): Promise<PriceRow[]> {
      if (productIds?.length === 0) return Promise.resolve([]);
      let query = db.selectFrom('company_prices').selectAll().where('company_id', '=', companyId);
      if (productIds) query = query.where('product_id', 'in', productIds);
      return query.orderBy('product_id').execute();
    },

    async upsert(row: PriceRow): Promise<void> {
      await db
        .insertInto('company_prices')
        .values(row)
        .onConflict((oc) => oc.columns(['company_id', 'product_id']).doUpdateSet({ price_e4: row.price_e4, updated_at: row.updated_at }))
        .execute();
    },

    async remove(companyId: string, productId: string): Promise<boolean> {
      const result = await db.deleteFrom('company_prices').where('company_id', '=', companyId).where('product_id', '=', productId).executeTakeFirst();
      return Number(result.numDeletedRows) === 1;
    },
  };
}

export type CompanyAddressesRepository = ReturnType<typeof createCompanyAddressesRepository>;
export type CompanyPricesRepository = ReturnType<typeof createCompanyPricesRepository>;
