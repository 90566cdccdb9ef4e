import { z } from 'zod';
import { formatCents, hasAtMostTwoDecimals } from '../money.js';
import { gramsOfKg, SHIPPING_KINDS, type ShippingMethodRule } from '../shipping.js';

/**
 * Shipping methods as the API writes and answers them (issue 30, `GET/PUT /api/shipping/methods`):
 * prices in dollars, weights in kilograms (up to 3 decimals); the database and the shared
 * functions keep cents and grams.
 */
export const SHIPPING_METHODS_MAX = 30;
export const SHIPPING_BANDS_MAX = 20;
export const SHIPPING_PRICE_MAX = 1_000_000;
/** 100 tonnes: above any single consignment the shop ships. */
export const WEIGHT_KG_MAX = 100_000;
export const TRANSIT_DAYS_MAX = 60;
export const CARRIER_ACCOUNT_MAX_LENGTH = 100;

export const SHIPPING_MESSAGES = {
  unknownMethod: 'No shipping method has this code',
  methodDoesNotFit: 'This shipping method cannot carry this order (its weight or destination); choose another or request a freight quote',
  carrierAccountRequired: 'Give your carrier and account number for a collect shipment',
  duplicateCode: 'Two methods have the same code',
  noneFits: 'No shipping method fits this order: request a freight quote',
} as const;

const hasAtMostThreeDecimals = (v: number) => Math.abs(gramsOfKg(v) - v * 1000) < 1e-6;

/** A weight in kilograms, up to 3 decimals (grams). */
export const weightKgSchema = (label: string) =>
  z
    .number({ error: `${label} must be a number of kilograms` })
    .min(0, `${label} cannot be negative`)
    .max(WEIGHT_KG_MAX, `${label} must be at most ${WEIGHT_KG_MAX} kg`)
    .refine(hasAtMostThreeDecimals, `${label} can have at most 3 decimals`);

const priceSchema = (label: string) =>
  z
    .number({ error: `${label} must be a number` })
    .min(0, `${label} cannot be negative`)
    .max(SHIPPING_PRICE_MAX, `${label} is too large`)
    .refine(hasAtMostTwoDecimals, `${label} can have at most two decimals`);

export const shippingCodeSchema = z
  .string({ error: 'Code must be text' })
  .trim()
  .min(1, 'Code is required')
  .max(30, 'Code must be at most 30 characters')
  .transform((v) => v.toLowerCase())
  .pipe(z.string().regex(/^[a-z0-9][a-z0-9_-]*$/, 'Code must be letters, digits, hyphens and underscores'));

const countryCodeSchema = z
  .string({ error: 'Country must be a two-letter code' })
  .trim()
  .transform((v) => v.toUpperCase())
  .pipe(z.string().regex(/^[A-Z]{2}$/, 'Country must be a two-letter code (ISO 3166), or *'));

export const shippingMethodSchema = z
  .object({
    code: shippingCodeSchema,
    name: z.string({ error: 'Name is required' }).trim().min(1, 'Name is required').max(100, 'Name must be at most 100 characters'),
    kind: z.enum(SHIPPING_KINDS, { error: `Kind must be one of ${SHIPPING_KINDS.join(', ')}` }),
    countries: z.union([z.literal('*'), z.array(countryCodeSchema).min(1, 'Give at least one country, or *').max(300)], {
      error: "Countries must be '*' or a list of two-letter codes",
    }),
    rates: z
      .array(z.object({ upToKg: weightKgSchema('Band weight').refine((v) => v > 0, 'Band weight must be more than 0'), price: priceSchema('Band price') }))
      .max(SHIPPING_BANDS_MAX, `At most ${SHIPPING_BANDS_MAX} weight bands`)
      .default([]),
    freeOver: priceSchema('Free over').nullable().optional(),
    transitDays: z
      .tuple([z.number().int().min(0).max(TRANSIT_DAYS_MAX), z.number().int().min(0).max(TRANSIT_DAYS_MAX)], {
        error: `Transit days must be [min, max] working days (0 to ${TRANSIT_DAYS_MAX})`,
      })
      .refine(([min, max]) => min <= max, 'Transit days: the minimum cannot be more than the maximum'),
    pickupAddress: z.string().trim().max(300, 'Pickup address must be at most 300 characters').nullable().optional(),
  })
  .superRefine((m, ctx) => {
    if ((m.kind === 'parcel' || m.kind === 'freight') && m.rates.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['rates'], message: 'A parcel or freight method needs at least one weight band' });
    }
    if (m.kind === 'pickup' && !m.pickupAddress) ctx.addIssue({ code: 'custom', path: ['pickupAddress'], message: 'A pickup method names its pickup address' });
    if (new Set(m.rates.map((r) => gramsOfKg(r.upToKg))).size !== m.rates.length) {
      ctx.addIssue({ code: 'custom', path: ['rates'], message: 'Two bands end at the same weight' });
    }
  });
export type ShippingMethodInput = z.input<typeof shippingMethodSchema>;
export type ShippingMethod = z.output<typeof shippingMethodSchema>;

/** `PUT /api/shipping/methods`: the whole set, replacing the one before. */
export const shippingMethodsInputSchema = z
  .object({ methods: z.array(shippingMethodSchema).max(SHIPPING_METHODS_MAX, `At most ${SHIPPING_METHODS_MAX} shipping methods`) })
  .superRefine((v, ctx) => {
    const codes = v.methods.map((m) => m.code);
    const dup = codes.findIndex((c, i) => codes.indexOf(c) !== i);
    if (dup >= 0) ctx.addIssue({ code: 'custom', path: ['methods', dup, 'code'], message: SHIPPING_MESSAGES.duplicateCode });
  });
export type ShippingMethodsInput = z.output<typeof shippingMethodsInputSchema>;

/** What `GET /api/shipping/methods` answers per method (the written shape, `freeOver` null when none). */
export const shippingMethodAnswerSchema = z.object({
  code: z.string(),
  name: z.string(),
  kind: z.enum(SHIPPING_KINDS),
  countries: z.union([z.literal('*'), z.array(z.string())]),
  rates: z.array(z.object({ upToKg: z.number(), price: z.number() })),
  freeOver: z.number().nullable(),
  transitDays: z.tuple([z.number(), z.number()]),
  pickupAddress: z.string().nullable(),
});
export type ShippingMethodAnswer = z.infer<typeof shippingMethodAnswerSchema>;

/** A method as written to its rule (cents, grams). */
export function methodRuleOf(m: ShippingMethod): ShippingMethodRule {
  return {
    code: m.code,
    name: m.name,
    kind: m.kind,
    countries: m.countries,
    bands: m.rates.map((r) => ({ upToGrams: gramsOfKg(r.upToKg), priceCents: Math.round(r.price * 100) })),
    freeOverCents: m.freeOver == null ? null : Math.round(m.freeOver * 100),
    transitDays: m.transitDays,
    pickupAddress: m.pickupAddress ?? null,
  };
}

/** A rule as the API answers it. */
export function methodAnswerOf(r: ShippingMethodRule): ShippingMethodAnswer {
  return {
    code: r.code,
    name: r.name,
    kind: r.kind,
    countries: r.countries === '*' ? '*' : [...r.countries],
    rates: [...r.bands].sort((a, b) => a.upToGrams - b.upToGrams).map((b) => ({ upToKg: b.upToGrams / 1000, price: b.priceCents / 100 })),
    freeOver: r.freeOverCents === null ? null : r.freeOverCents / 100,
    transitDays: [r.transitDays[0], r.transitDays[1]],
    pickupAddress: r.pickupAddress ?? null,
  };
}

/** `GET /api/cart/shipping-options` query: the ship-to's country (a code or a name), region and postal code. */
export const shippingOptionsQuerySchema = z.object({
  country: z.string({ error: 'country is required' }).trim().min(1, 'country is required').max(60, 'country must be at most 60 characters'),
  region: z.string().trim().max(60, 'region must be at most 60 characters').optional(),
  postalCode: z.string().trim().max(20, 'postalCode must be at most 20 characters').optional(),
});
export type ShippingOptionsQuery = z.output<typeof shippingOptionsQuerySchema>;

export const estimatedDeliverySchema = z.object({ from: z.string(), to: z.string() });

export const shippingOptionSchema = z.object({
  code: z.string(),
  name: z.string(),
  kind: z.enum(SHIPPING_KINDS),
  /** Dollars; 0 for collect, pickup and an order over the method's free threshold. */
  price: z.number(),
  /** Null when a backordered piece has no promised day yet. */
  estimatedDelivery: estimatedDeliverySchema.nullable(),
  pickupAddress: z.string().nullable(),
});
export type ShippingOption = z.infer<typeof shippingOptionSchema>;

/** `GET /api/cart/shipping-options`: cheapest first; empty when none fits (checkout offers a freight quote). */
export const shippingOptionsSchema = z.array(shippingOptionSchema);

/** The order's shipping as stored and answered (`orders.shipping_method`). */
export const orderShippingSchema = z.object({
  code: z.string(),
  name: z.string(),
  kind: z.enum(SHIPPING_KINDS),
  /** Dollars charged. */
  price: z.number(),
  carrierAccount: z.string().nullable(),
  pickupAddress: z.string().nullable(),
  estimatedDelivery: estimatedDeliverySchema.nullable(),
});
export type OrderShipping = z.infer<typeof orderShippingSchema>;

/** 'Tracked parcel · $6.95', 'Collect on your carrier account · DHL 123 · no charge', 'Pick up at our depot · 1 Depot Lane · no charge'. */
export function orderShippingText(s: Pick<OrderShipping, 'name' | 'price' | 'carrierAccount' | 'pickupAddress'>): string {
  const price = s.price === 0 ? 'no charge' : formatCents(Math.round(s.price * 100));
  return [s.name, s.carrierAccount, s.pickupAddress, price].filter(Boolean).join(' · ');
}

/** Checkout's `carrierAccount` for a collect method: the buyer's carrier and account number. */
export const carrierAccountSchema = z
  .string({ error: 'carrierAccount must be text' })
  .trim()
  .max(CARRIER_ACCOUNT_MAX_LENGTH, `carrierAccount must be at most ${CARRIER_ACCOUNT_MAX_LENGTH} characters`);
