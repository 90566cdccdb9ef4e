import { z } from 'zod';
import { PHONE_PATTERN } from './phone.js';

const required = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

const optional = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .optional()
    .transform((v) => (v === '' ? undefined : v));

/** Where an order goes (checkout); remembered on the buyer's profile to pre-fill the next checkout. */
export const shippingAddressSchema = z.object({
  company: optional('Company', 100),
  name: required('Name', 100),
  line1: required('Address line 1', 200),
  line2: optional('Address line 2', 200),
  city: required('City', 100),
  postalCode: required('Postal code', 20),
  country: required('Country', 60),
  /** Issue 30: a state or province code ('CA', 'NY'): tax rates may differ by region. */
  region: optional('Region', 20),
  phone: optional('Phone', 20).refine((v) => v === undefined || PHONE_PATTERN.test(v), 'Enter a phone number: digits, spaces, +, - and ()'),
});
export type ShippingAddressInput = z.input<typeof shippingAddressSchema>;
export type ShippingAddress = z.output<typeof shippingAddressSchema>;

/** A stored address as answered (optional parts absent when empty). */
export const shippingAddressAnswerSchema = z.object({
  company: z.string().optional(),
  name: z.string(),
  line1: z.string(),
  line2: z.string().optional(),
  city: z.string(),
  postalCode: z.string(),
  country: z.string(),
  region: z.string().optional(),
  phone: z.string().optional(),
});
export type StoredShippingAddress = z.infer<typeof shippingAddressAnswerSchema>;

/** The address as lines a person reads (invoice, mail): company, name, street, city, country, phone. */
export function shippingAddressLines(a: ShippingAddress | StoredShippingAddress): string[] {
  return [
    a.company,
    a.name,
    a.line1,
    a.line2,
    `${a.postalCode} ${a.city}${a.region ? ` ${a.region}` : ''}`,
    a.country,
    a.phone ? `Phone: ${a.phone}` : undefined,
  ].filter((l): l is string => Boolean(l));
}
