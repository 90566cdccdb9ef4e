import { z } from 'zod';
import { countryCode } from '../countries.js';
import { TAX_CLASSES, VAT_CHECK_STATUSES, type TaxRate } from '../tax.js';

/** Issue 30: the tax module's API shapes (rates in percent at the edge, basis points inside). */

export const TAX_RATES_MAX = 2000;

const countrySchema = z
  .string({ error: 'country is required' })
  .trim()
  .regex(/^[A-Za-z]{2}$/, 'country must be a two-letter ISO code (DE, GB, US)')
  .transform((v) => countryCode(v));
const regionSchema = z
  .string({ error: 'region must be text' })
  .trim()
  .regex(/^[A-Za-z0-9]{1,20}$/, 'region must be a code of 1 to 20 letters or digits (CA, NY)')
  .transform((v) => v.toUpperCase());

/** Percent with at most two decimals, 0 to 100. */
export const ratePercentSchema = z
  .number({ error: 'rate must be a number (percent)' })
  .min(0, 'rate must be at least 0')
  .max(100, 'rate must be at most 100')
  .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, 'rate must have at most two decimals');

export const taxRateInputSchema = z.object({
  country: countrySchema,
  region: regionSchema.nullable().optional(),
  taxClass: z.enum(TAX_CLASSES, { error: `taxClass must be one of ${TAX_CLASSES.join(', ')}` }),
  rate: ratePercentSchema,
  name: z.string({ error: 'name is required' }).trim().min(1, 'name is required').max(60, 'name must be at most 60 characters'),
});

/** `PUT /api/tax/rates`: the whole set of rates (what is not listed is removed: 0 there). */
export const taxRatesPutSchema = z
  .object({ rates: z.array(taxRateInputSchema, { error: 'rates must be a list' }).max(TAX_RATES_MAX, `at most ${TAX_RATES_MAX} rates`) })
  .superRefine((v, ctx) => {
    const seen = new Set<string>();
    v.rates.forEach((r, i) => {
      const key = `${r.country}|${r.region ?? ''}|${r.taxClass}`;
      if (seen.has(key)) ctx.addIssue({ code: 'custom', path: ['rates', i], message: `${key.replace(/\|/g, ' ')}: listed twice` });
      seen.add(key);
    });
  });
export type TaxRatesPutValues = z.input<typeof taxRatesPutSchema>;
export type TaxRatesPut = z.output<typeof taxRatesPutSchema>;

export const taxRateSchema = z.object({
  country: z.string(),
  region: z.string().nullable(),
  taxClass: z.enum(TAX_CLASSES),
  rate: z.number(),
  name: z.string(),
});
export type TaxRateAnswer = z.infer<typeof taxRateSchema>;

export function taxRateAnswer(r: TaxRate): TaxRateAnswer {
  return { country: r.country, region: r.region, taxClass: r.taxClass, rate: r.rateBp / 100, name: r.name };
}

export const taxExemptionSchema = z.object({
  certificateNumber: z.string(),
  country: z.string(),
  region: z.string().nullable(),
  expiresOn: z.string(),
});

/** `PATCH /api/companies/{id} { taxExemption }` (shop admins). */
export const taxExemptionInputSchema = z.object({
  certificateNumber: z
    .string({ error: 'certificateNumber is required' })
    .trim()
    .min(1, 'certificateNumber is required')
    .max(60, 'certificateNumber must be at most 60 characters'),
  country: countrySchema,
  region: regionSchema.nullable().optional(),
  expiresOn: z
    .string({ error: 'expiresOn is required' })
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'expiresOn must be a date (YYYY-MM-DD)')
    .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v), 'expiresOn must be a real date'),
});
export type TaxExemptionInput = z.output<typeof taxExemptionInputSchema>;

export const vatCheckSchema = z.object({
  status: z.enum(VAT_CHECK_STATUSES),
  checkedAt: z.string().nullable(),
  requestIdentifier: z.string().nullable(),
  /** Why it is unverified (the service could not be reached: retried), or null. */
  note: z.string().nullable().optional(),
});

/** `GET /api/tax/context?country=&region=`: what the web's checkout feeds `planOrder` (the same TaxContext the server uses). */
export const taxContextQuerySchema = z.object({
  country: z.string().trim().max(60, 'country must be at most 60 characters').optional(),
  region: z.string().trim().max(20, 'region must be at most 20 characters').optional(),
});

const rateBpSchema = z.object({
  country: z.string(),
  region: z.string().nullable(),
  taxClass: z.enum(TAX_CLASSES),
  rateBp: z.number().int(),
  name: z.string(),
});
export const taxContextSchema = z.object({
  sellerCountry: z.string(),
  sellerVatNumber: z.string().nullable(),
  destination: z.object({ country: z.string(), region: z.string().nullable().optional() }).nullable(),
  buyer: z
    .object({
      vatNumber: z.string().nullable(),
      vatCheck: z.object({ status: z.enum(VAT_CHECK_STATUSES), checkedAt: z.string().nullable(), requestIdentifier: z.string().nullable() }).nullable(),
      exemption: taxExemptionSchema.nullable(),
    })
    .nullable(),
  rates: z.array(rateBpSchema),
  today: z.string(),
});
