import { z } from 'zod';
import { publicSellerSchema } from '../seller.js';
import { PASSWORD_MIN_LENGTH } from '../constants.js';
import { MESSAGES } from '../messages.js';

/**
 * The spec's pattern (lowercase letters or digits, '@', letters, '.', 2-3 letters) rejects real
 * addresses such as `jane.doe@acme.co.uk`; we keep its messages with a pattern that accepts them.
 */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[a-zA-Z]{2,}$/;

export const emailSchema = z
  .string({ error: MESSAGES.emailRequired })
  .trim()
  .min(1, MESSAGES.emailRequired)
  .max(254, 'Email must be at most 254 characters')
  .regex(EMAIL_PATTERN, MESSAGES.emailInvalid)
  .transform((v) => v.toLowerCase());

export const passwordSchema = z
  .string({ error: MESSAGES.passwordRequired })
  .min(1, MESSAGES.passwordRequired)
  .min(PASSWORD_MIN_LENGTH, MESSAGES.passwordTooShort)
  .max(128, 'Password must be at most 128 characters');

export const loginFormSchema = z.object({ email: emailSchema, password: passwordSchema });
export type LoginForm = z.input<typeof loginFormSchema>;

export const USER_NAME_MAX_LENGTH = 80;
export const USER_IMAGE_URL_MAX_LENGTH = 2000;

/**
 * A person's name, at sign-up and on `update-user`: it is copied into reviews shown on the public
 * home page, so it stays short plain text (no control characters such as newlines or tabs).
 */
export const userNameSchema = z
  .string({ error: MESSAGES.nameRequired })
  .trim()
  .min(1, MESSAGES.nameRequired)
  .max(USER_NAME_MAX_LENGTH, `Name must be at most ${USER_NAME_MAX_LENGTH} characters`)
  .regex(/^[^\p{Cc}]*$/u, 'Name must be plain text');

/** A profile photo: an http(s) URL or a file uploaded to this shop (`/uploads/<key>`); never `javascript:` or `data:`. */
export const userImageSchema = z
  .string({ error: 'Image must be a URL' })
  .trim()
  .max(USER_IMAGE_URL_MAX_LENGTH, `Image URL must be at most ${USER_IMAGE_URL_MAX_LENGTH} characters`)
  .refine(
    (v) => /^https?:\/\/[^\s/?#]+[^\s]*$/i.test(v) || /^\/uploads\/[a-f0-9]{24,64}\.(jpg|png|webp)$/.test(v),
    'Image must be an http(s) URL or an uploaded image',
  );

/**
 * `POST /api/auth/update-user`: only the name and the photo; any other field (role, email,
 * emailVerified…) is refused by name, never passed on.
 */
export const updateUserInputSchema = z
  .looseObject({ name: userNameSchema.optional(), image: userImageSchema.nullable().optional() })
  .superRefine((input, ctx) => {
    for (const key of Object.keys(input)) {
      if (key !== 'name' && key !== 'image') ctx.addIssue({ code: 'custom', path: [key], message: 'This field cannot be changed here' });
    }
  })
  .transform(({ name, image }) => ({ ...(name !== undefined ? { name } : {}), ...(image !== undefined ? { image } : {}) }));

export const signupFormSchema = z.object({
  name: userNameSchema,
  email: emailSchema,
  password: passwordSchema,
});
export type SignupForm = z.input<typeof signupFormSchema>;

export const resetFormSchema = z.object({ email: emailSchema });
export type ResetForm = z.input<typeof resetFormSchema>;

export const newPasswordFormSchema = z
  .object({ password: passwordSchema, confirm: z.string() })
  .refine((v) => v.password === v.confirm, { message: 'Passwords do not match', path: ['confirm'] });
export type NewPasswordForm = z.input<typeof newPasswordFormSchema>;

export const totpCodeFormSchema = z.object({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$|^[\w-]{8,20}$/, 'Enter the 6-digit code or a backup code'),
});
export type TotpCodeForm = z.input<typeof totpCodeFormSchema>;

export const ROLES = ['admin', 'customer'] as const;
export type Role = (typeof ROLES)[number];

/** `PUT /api/user/:email` answer. */
export const userRecordResponseSchema = z.object({ role: z.enum(ROLES) });
/** `GET /api/admin/:email` answer. */
export const adminCheckResponseSchema = z.object({ admin: z.boolean() });

export const userSchema = z.object({
  _id: z.string(),
  email: z.string(),
  name: z.string(),
  role: z.enum(ROLES),
  emailVerified: z.boolean(),
  createdAt: z.string(),
});
export type User = z.infer<typeof userSchema>;

/**
 * The signed-in user: the server's `request.user` and the `user` of better-auth's
 * `GET /api/auth/get-session` answer that the web reads (which adds `twoFactorEnabled`).
 */
export const sessionUserSchema = userSchema.pick({ email: true, name: true, role: true, emailVerified: true }).extend({
  id: z.string(),
  image: z.string().nullable(),
  twoFactorEnabled: z.boolean().nullish(),
  /**
   * Issue 32: set when this browser session was opened by punchout (the procurement system's
   * buyer, signed in as the company's punchout member for this session only): it may fill its cart
   * and send it back, nothing else (the server answers 403 elsewhere); an `inspect` one may only look.
   */
  punchout: z.object({ sessionId: z.string(), inspect: z.boolean() }).optional(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

/** `GET /api/auth-config`: which sign-in methods this shop offers. */
export const authConfigResponseSchema = z.object({
  google: z.boolean(),
  /** The seller's public details (issue 30: the seller record, first filled from SHOP_* and SELLER_*): the Contact and About pages. */
  contact: publicSellerSchema,
});
export type AuthConfig = z.infer<typeof authConfigResponseSchema>;
