import { z } from 'zod';
import { shippingAddressAnswerSchema } from './address.js';
import { PHONE_PATTERN } from './phone.js';

export { PHONE_PATTERN };
export const LINKEDIN_URL_PATTERN = /^https:\/\/([a-z]{2,3}\.)?linkedin\.com\/(in|company|pub)\/[\w\-%.]+\/?$/i;

export const profileSchema = z.object({
  _id: z.string(),
  email: z.string(),
  name: z.string(),
  photoURL: z.string().nullable(),
  address: z.string(),
  phone: z.string(),
  url: z.string(),
  /** The last ship-to given (checkout, purchase, an order's change), pre-filled in the next order (null before the first). */
  shippingAddress: shippingAddressAnswerSchema.nullable(),
});
export type Profile = z.infer<typeof profileSchema>;

/** `/editprofile` and `POST /api/profile`. Empty strings clear a field. */
export const profileInputSchema = z.object({
  address: z.string({ error: 'Address must be text' }).trim().max(200, 'Address must be at most 200 characters').default(''),
  phone: z
    .string({ error: 'Phone must be text' })
    .trim()
    .max(20, 'Phone must be at most 20 characters')
    .refine((v) => v === '' || PHONE_PATTERN.test(v), 'Enter a phone number: digits, spaces, +, - and ()')
    .default(''),
  url: z
    .string({ error: 'LinkedIn link must be text' })
    .trim()
    .max(200, 'LinkedIn link must be at most 200 characters')
    .refine((v) => v === '' || LINKEDIN_URL_PATTERN.test(v), 'Enter a LinkedIn profile link, like https://www.linkedin.com/in/your-name')
    .default(''),
});
export type ProfileInput = z.infer<typeof profileInputSchema>;

export const PHOTO_MAX_BYTES = 2 * 1024 * 1024;
export const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

/**
 * What is wrong with a picked photo, by its declared type and size, or null. The browser asks
 * before uploading; the server checks the bytes themselves and has the last word.
 */
export function photoFileProblem(file: { type: string; size: number }): string | null {
  if (!(PHOTO_TYPES as readonly string[]).includes(file.type)) return 'Choose a JPEG, PNG or WebP image';
  if (file.size > PHOTO_MAX_BYTES) return `The image must be at most ${PHOTO_MAX_BYTES / 1024 / 1024} MB`;
  return null;
}
