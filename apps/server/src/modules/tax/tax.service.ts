import {
  countryCode,
  taxRateAnswer,
  type TaxContext,
  type TaxExemption,
  type TaxRate,
  type TaxRateAnswer,
  type TaxRatesPut,
  type VatCheck,
} from '@bulkparts/shared';
import { freshFor } from '../../lib/fresh-for.js';
import type { TaxRepository } from './tax.repository.js';

/** How long a destination's rates are reused (ADR 0029): as the shipping methods' `METHODS_FRESH_MS`. */
const RATES_FRESH_MS = 1000;

/** What the tax decision needs of the buyer's company (the companies module answers it). */
export interface BuyerTaxProfile {
  vatNumber: string | null;
  vatCheck: VatCheck | null;
  exemption: TaxExemption | null;
}

export interface TaxServiceDeps {
  repo: TaxRepository;
  /** Who sells: from the config for now; the seller identity record feeds it when it exists. */
  seller: () => Promise<{ country: string; vatNumber: string | null }> | { country: string; vatNumber: string | null };
  /** The buyer's company's VAT number, its last check and its exemption certificate. */
  buyerProfile: (companyId: string) => Promise<BuyerTaxProfile | null>;
}

/**
 * The tax module (issue 30, ADR 0034): the rates by destination (`tax_rates`) and the context each
 * line's tax is decided in (`decideLineTax` in packages/shared): the same context the web's
 * checkout is given, so it shows the figures the order will have.
 */
export function createTaxService({ repo, seller, buyerProfile }: TaxServiceDeps) {
  // A destination's rates, read on every order: reused for at most a second and dropped by this
  // service's own write (lib/fresh-for.ts, ADR 0029), as the shipping methods are.
  const ratesOf = freshFor(RATES_FRESH_MS, (country: string) => repo.ofCountry(country));
  return {
    async rates(): Promise<TaxRateAnswer[]> {
      return (await repo.list()).map(taxRateAnswer);
    },

    /** `PUT /api/tax/rates`: the whole set (percent in, basis points stored). */
    async replaceRates(input: TaxRatesPut): Promise<TaxRateAnswer[]> {
      const rates: TaxRate[] = input.rates.map((r) => ({
        country: r.country,
        region: r.region ?? null,
        taxClass: r.taxClass,
        rateBp: Math.round(r.rate * 100),
        name: r.name,
      }));
      ratesOf.clear();
      try {
        await repo.replaceAll(rates, new Date().toISOString());
      } finally {
        // A read that started during the write may hold the old set.
        ratesOf.clear();
      }
      return (await repo.list()).map(taxRateAnswer);
    },

    /**
     * The context for an order to `destination` (null: the seller's country) by a buyer in
     * `companyId` (null: none), on `today` (`YYYY-MM-DD`): only the destination's rates are read.
     */
    async contextFor(input: {
      companyId: string | null;
      destination: { country: string; region?: string | null | undefined } | null;
      today: string;
    }): Promise<TaxContext> {
      const s = await seller();
      const country = input.destination ? countryCode(input.destination.country) : s.country;
      const [rates, buyer] = await Promise.all([ratesOf.get(country), input.companyId ? buyerProfile(input.companyId) : null]);
      return {
        sellerCountry: s.country,
        sellerVatNumber: s.vatNumber,
        destination: input.destination ? { country: input.destination.country, region: input.destination.region ?? null } : null,
        buyer,
        rates,
        today: input.today,
      };
    },
  };
}

export type TaxService = ReturnType<typeof createTaxService>;
