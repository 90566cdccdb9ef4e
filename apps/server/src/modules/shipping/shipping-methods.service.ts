import {
  chargesNothing,
  countryCodeOf,
  defaultShipping,
  deliveryEstimate,
  methodAnswerOf,
  methodRuleOf,
  SHIPPING_MESSAGES,
  shippingOptions,
  type DeliveryEstimate,
  type DispatchRule,
  type ShippingKind,
  type ShippingMethodAnswer,
  type ShippingMethodRule,
  type ShippingMethodsInput,
  type ShippingQuote,
} from '@bulkparts/shared';
import { validationFailed } from '../../lib/errors.js';
import { freshFor } from '../../lib/fresh-for.js';
import { nowIso } from '../../lib/ids.js';
import type { ChosenShipping, ShippingRequest } from '../orders/order-placement.js';
import type { ShippingMethodRow, ShippingMethodsRepository } from './shipping-methods.repository.js';

function ruleOf(row: ShippingMethodRow): ShippingMethodRule {
  return {
    code: row.code,
    name: row.name,
    kind: row.kind as ShippingKind,
    countries: row.countries === '*' ? '*' : (JSON.parse(row.countries) as string[]),
    bands: JSON.parse(row.bands) as ShippingMethodRule['bands'],
    freeOverCents: row.free_over_cents === null ? null : Number(row.free_over_cents),
    transitDays: [Number(row.transit_min), Number(row.transit_max)],
    pickupAddress: row.pickup_address,
  };
}

/** What the choice is made on: the order's weight, its goods' value and its ship-to's country. */
export interface ShippingFacts {
  grams: number;
  valueCents: number;
  country: string | null | undefined;
}

const QUOTED_FREIGHT = { code: 'quoted-freight', name: 'Freight (as quoted)', kind: 'freight' as const };

/**
 * Shipping methods (issue 30, ADR 0035): kept by shop admins (`GET/PUT /api/shipping/methods`),
 * offered for a cart's weight, value and ship-to (`shippingOptions`, shared), and chosen for an
 * order by the placement (`choose`). The set is small and read on every order: it is kept in memory
 * for at most `METHODS_FRESH_MS` and dropped by this service's own write, so another instance on
 * the same database (PostgreSQL) sees an admin's change within that time, as the catalogue cache does.
 */
const METHODS_FRESH_MS = 1000;

/**
 * `dispatchRule`: the cut-off (configuration) and the seller's time zone, read from the seller's
 * record (ADR 0036: an admin may change it at /dashboard/settings; kept a second like the record).
 */
export function createShippingMethodsService({ repo, dispatchRule }: { repo: ShippingMethodsRepository; dispatchRule: () => Promise<DispatchRule> }) {
  const kept = freshFor(METHODS_FRESH_MS, async () => (await repo.list()).map(ruleOf));
  const rules = (): Promise<ShippingMethodRule[]> => kept.get(undefined);

  const estimateOf = (rule: DispatchRule, transitDays: readonly [number, number], backorders: Backorders | undefined, now: string): DeliveryEstimate | null =>
    deliveryEstimate({ now, rule, transitDays, backorders });

  return {
    rules,

    list: async (): Promise<ShippingMethodAnswer[]> => (await rules()).map(methodAnswerOf),

    async replace(input: ShippingMethodsInput): Promise<ShippingMethodAnswer[]> {
      const now = nowIso();
      const rows: ShippingMethodRow[] = input.methods.map(methodRuleOf).map((r, position) => ({
        code: r.code,
        position,
        name: r.name,
        kind: r.kind,
        countries: r.countries === '*' ? '*' : JSON.stringify(r.countries),
        bands: JSON.stringify(r.bands),
        free_over_cents: r.freeOverCents,
        transit_min: r.transitDays[0],
        transit_max: r.transitDays[1],
        pickup_address: r.kind === 'pickup' ? (r.pickupAddress ?? null) : null,
        updated_at: now,
      }));
      kept.clear();
      try {
        await repo.replace(rows);
      } finally {
        // A read that started during the write may hold the old set.
        kept.clear();
      }
      return this.list();
    },

    /** The methods offered for these facts, cheapest first, each with its delivery window. */
    async options(facts: ShippingFacts, backorders?: Backorders, now: string = nowIso()) {
      const [all, rule] = await Promise.all([rules(), dispatchRule()]);
      return shippingOptions(all, { grams: facts.grams, valueCents: facts.valueCents, country: countryCodeOf(facts.country) }).map((q) => ({
        quote: q,
        estimate: estimateOf(rule, q.method.transitDays, backorders, now),
      }));
    },

    /**
     * The shipping an order is placed with. A method asked for by code must exist and fit (else 400
     * naming `shippingMethod`); a collect method needs the buyer's carrier account (400 naming
     * `carrierAccount`). None asked for: the cheapest offered (`defaultShipping`), or null when
     * nothing fits or the shop has no methods (the order then charges no shipping).
     */
    async choose(request: ShippingRequest, facts: ShippingFacts): Promise<ChosenShipping | null> {
      if (request.quotedPriceCents != null) {
        return {
          method: { ...QUOTED_FREIGHT, carrierAccount: null, pickupAddress: null },
          priceCents: request.quotedPriceCents,
          transitDays: null,
          rule: await dispatchRule(),
        };
      }
      const [all, rule] = await Promise.all([rules(), dispatchRule()]);
      const offered = shippingOptions(all, { grams: facts.grams, valueCents: facts.valueCents, country: countryCodeOf(facts.country) });
      let quote: ShippingQuote | null;
      if (request.method === undefined) quote = defaultShipping(offered);
      else {
        const code = request.method.trim().toLowerCase();
        if (!all.some((m) => m.code === code)) throw validationFailed({ shippingMethod: SHIPPING_MESSAGES.unknownMethod });
        quote = offered.find((q) => q.method.code === code) ?? null;
        if (!quote) throw validationFailed({ shippingMethod: SHIPPING_MESSAGES.methodDoesNotFit });
      }
      if (!quote) return null;
      const account = request.carrierAccount?.trim() || null;
      if (quote.method.kind === 'collect' && !account) throw validationFailed({ carrierAccount: SHIPPING_MESSAGES.carrierAccountRequired });
      const { code, name, kind } = quote.method;
      return {
        method: {
          code,
          name,
          kind,
          carrierAccount: kind === 'collect' ? account : null,
          pickupAddress: kind === 'pickup' ? (quote.method.pickupAddress ?? null) : null,
        },
        priceCents: chargesNothing(kind) ? 0 : quote.priceCents,
        transitDays: quote.method.transitDays,
        rule,
      };
    },
  };
}

/** `planOrder`'s dispatch (issue 31): when backordered pieces leave. */
type Backorders = { first: string | null; last: string | null; unknown: boolean };

export type ShippingMethodsService = ReturnType<typeof createShippingMethodsService>;
