import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { CUTOFF_PATTERN, DEFAULT_DISPATCH_CUTOFF } from '@bulkparts/shared';
import { z } from 'zod';
import { isCountryCode, isTimeZone, SELLER_NAME_MAX_LENGTH } from '@bulkparts/shared';
import { ensurePrivateDirSync, PRIVATE_FILE_MODE } from '../lib/private-files.js';
import { parseTrustProxy } from './trust-proxy.js';

/**
 * The only file that reads `process.env`. Everything else receives a validated `AppConfig`.
 * A bad value stops start-up with one message that names every bad variable.
 */
const optionalString = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(5000),
    HOST: z.string().default('0.0.0.0'),
    DATA_DIR: z.string().default('./data'),
    DATABASE_URL: optionalString.refine((v) => v === undefined || /^postgres(ql)?:\/\//.test(v), 'must be a postgres:// URL'),
    PUBLIC_URL: optionalString.refine((v) => v === undefined || /^https?:\/\/[^/]+/.test(v), 'must be an http(s):// URL'),
    SMTP_URL: optionalString.refine((v) => v === undefined || /^smtps?:\/\//.test(v), 'must be an smtp:// or smtps:// URL'),
    MAIL_FROM: z.string().default('bulkparts <no-reply@bulkparts.local>'),
    ADMIN_EMAILS: z
      .string()
      .default('')
      .transform((v) =>
        v
          .split(',')
          .map((e) => e.trim().toLowerCase())
          .filter(Boolean),
      )
      .refine((list) => list.every((e) => /^[^\s@]+@[^\s@]+$/.test(e)), 'must be a comma-separated list of emails'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    BETTER_AUTH_SECRET: optionalString.refine((v) => v === undefined || v.length >= 32, 'must be at least 32 characters'),
    GOOGLE_CLIENT_ID: optionalString,
    GOOGLE_CLIENT_SECRET: optionalString,
    GOOGLE_ISSUER: optionalString.refine((v) => v === undefined || /^https?:\/\//.test(v), 'must be an http(s):// URL'),
    // Issue 30: the seller record's first values (until an admin saves /dashboard/settings): its
    // address, phone and email are what the Contact and About pages show and every document prints.
    SHOP_ADDRESS: z.string().trim().min(1).max(300).default('1 Industrial Way, Springfield'),
    SHOP_PHONE: z.string().trim().min(1).max(50).default('+1 555 0100'),
    SHOP_EMAIL: z
      .string()
      .trim()
      .regex(/^[^\s@]+@[^\s@]+$/, 'must be an email')
      .default('hello@bulkparts.local'),
    SELLER_LEGAL_NAME: z.string().trim().min(1, 'must not be empty').max(SELLER_NAME_MAX_LENGTH).default('Bulkparts Ltd'),
    SELLER_COUNTRY: z.string().trim().toUpperCase().refine(isCountryCode, 'must be a two-letter ISO 3166 country code, e.g. US, DE or GB').default('US'),
    SELLER_REGION: optionalString.refine((v) => v === undefined || /^[A-Za-z0-9-]{1,10}$/.test(v), 'must be a short region code, e.g. CA'),
    SELLER_TAX_NUMBER: optionalString.refine(
      (v) => v === undefined || /^[A-Za-z0-9 .-]{1,40}$/.test(v),
      'must be a tax number (letters, digits, spaces, dots, hyphens)',
    ),
    SELLER_REGISTRATION_NUMBER: optionalString.refine((v) => v === undefined || v.length <= 60, 'must be at most 60 characters'),
    SELLER_TIME_ZONE: z.string().trim().refine(isTimeZone, 'must be an IANA time zone, e.g. Europe/Berlin').default('UTC'),
    // Issue 30 (ADR 0034): a VIES-compatible service verifying buyers' VAT numbers (unset: the format is checked, numbers stay unverified).
    VAT_CHECK_URL: optionalString.refine((v) => v === undefined || /^https?:\/\/[^/]+/.test(v), 'must be an http(s):// URL'),
    STRIPE_SECRET_KEY: optionalString,
    STRIPE_WEBHOOK_SECRET: optionalString,
    STRIPE_API_BASE: optionalString.refine((v) => v === undefined || /^https?:\/\//.test(v), 'must be an http(s):// URL'),
    SERVE_WEB: z.enum(['auto', 'true', 'false']).default('auto'),
    WEB_DIST: optionalString,
    // false | hops | proxy addresses/CIDRs (config/trust-proxy.ts); `true` is read as 1 hop, with a warning.
    TRUST_PROXY: z
      .string()
      .default('false')
      .superRefine((v, ctx) => {
        const error = parseTrustProxy(v).error;
        if (error) ctx.addIssue({ code: 'custom', message: error });
      }),
    // A live shop (https PUBLIC_URL) refuses to start on the test card gateway or on mail written to files unless told so.
    ALLOW_TEST_PAYMENTS: z.enum(['true', 'false'], { error: 'must be true or false' }).default('false'),
    ALLOW_FILE_MAIL: z.enum(['true', 'false'], { error: 'must be true or false' }).default('false'),
    // Issues 19, 28: outgoing webhooks may go to private, loopback, link-local, reserved and documentation addresses and to the host's own only when told so (tests, a private network).
    WEBHOOKS_ALLOW_PRIVATE: z.enum(['true', 'false'], { error: 'must be true or false' }).default('false'),
    // A stock take (PATCH /api/service/:id/stock, POST /api/stock) leaving a product below this sends `product.low_stock`; 0 = never.
    WEBHOOK_LOW_STOCK_THRESHOLD: z.coerce.number().int('must be a whole number').min(0).max(1_000_000_000).default(10),
    METRICS_TOKEN: optionalString.refine((v) => v === undefined || v.length >= 16, 'must be at least 16 characters'),
    // Orders: an unpaid order's lifetime in seconds; unpaid orders per account and orders per
    // minute per account (0 = no limit); mails per recipient per minute (0 = no throttle).
    UNPAID_ORDER_TTL: z.coerce
      .number()
      .int()
      .min(1)
      .max(30 * 24 * 3600)
      .default(1800),
    PENDING_ORDERS_MAX: z.coerce.number().int().min(0).default(20),
    /** Issue 31: days after an order's last shipment (its delivery, when recorded) within which its buyer may ask to return lines. */
    RETURN_WINDOW_DAYS: z.coerce.number().int().min(0).max(3650).default(30),
    /** Issue 30: an order placed before this time (HH:MM, the seller's clock: SELLER_TIME_ZONE) with every piece in stock leaves that working day. */
    DISPATCH_CUTOFF: z.string().trim().regex(CUTOFF_PATTERN, 'must be a time of day HH:MM (00:00 to 23:59)').default(DEFAULT_DISPATCH_CUTOFF),
    // The catalogue (ADR 0023): SQLite reader threads (0 = read on the main connection, blocking the
    // event loop while a search runs) and each catalogue request's time budget for its reads.
    CATALOGUE_READER_THREADS: z.coerce.number().int('must be a whole number').min(0).max(16).default(2),
    CATALOGUE_QUERY_BUDGET_MS: z.coerce.number().int('must be a whole number').min(50).max(60_000).default(1500),
    PURCHASE_RATE_PER_MINUTE: z.coerce.number().int().min(0).default(60),
    MAIL_PER_RECIPIENT_PER_MINUTE: z.coerce.number().int().min(0).default(30),
    // New accounts per client address per hour (a trade-show kiosk or a test suite may need more).
    SIGNUPS_PER_IP_PER_HOUR: z.coerce.number().int().min(1).default(50),
    // Sign-ins per client address before better-auth's burst guard answers 429 for a minute. It
    // counts every sign-in, good or bad, and only a minute without any restarts it: a busy office
    // behind one address (or a test suite) may need more. Failed sign-ins have their own limits.
    SIGNINS_PER_IP_PER_MINUTE: z.coerce.number().int().min(1).default(60),
    // What an invoice paid on account (issue 18) tells the customer about paying by bank transfer.
    BANK_TRANSFER_DETAILS: z
      .string()
      .trim()
      .min(1, 'must not be empty')
      .max(300, 'must be at most 300 characters')
      .default('Bank transfer to Bulkparts Ltd, IBAN GB00 BUKP 0000 0000 0000 00, quoting the invoice number'),
    // Uploads in an S3-compatible bucket shared by every instance (ADR 0021): the four together, or
    // none (uploads stay in DATA_DIR/uploads).
    S3_ENDPOINT: optionalString.refine((v) => v === undefined || /^https?:\/\/[^/]+/.test(v), 'must be an http(s):// URL'),
    S3_BUCKET: optionalString.refine(
      (v) => v === undefined || /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(v),
      'must be a bucket name (3–63 of a-z, 0-9, . and -)',
    ),
    S3_ACCESS_KEY_ID: optionalString,
    S3_SECRET_ACCESS_KEY: optionalString,
    S3_REGION: optionalString.transform((v) => v ?? 'us-east-1'),
    // Path-style URLs (endpoint/bucket/key), as MinIO and most S3-compatible stores want.
    S3_FORCE_PATH_STYLE: z.enum(['true', 'false'], { error: 'must be true or false' }).default('true'),
  })
  .superRefine((e, ctx) => {
    // Object storage is all or nothing: a partial setting would silently keep uploads on one instance's disk.
    const s3 = { S3_ENDPOINT: e.S3_ENDPOINT, S3_BUCKET: e.S3_BUCKET, S3_ACCESS_KEY_ID: e.S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: e.S3_SECRET_ACCESS_KEY };
    const given = Object.entries(s3).filter(([, v]) => v !== undefined);
    if (given.length > 0 && given.length < 4) {
      const set = `${given.map(([n]) => n).join(', ')} ${given.length === 1 ? 'is' : 'are'} set`;
      for (const [name, v] of Object.entries(s3)) {
        if (v === undefined) {
          ctx.addIssue({
            code: 'custom',
            path: [name],
            message: `is required when ${set} (object storage needs S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY together)`,
          });
        }
      }
    }
    // Stripe marks orders paid only from signed webhooks: a key without the signing secret would take money and never mark it.
    if (e.STRIPE_SECRET_KEY && !e.STRIPE_WEBHOOK_SECRET) {
      ctx.addIssue({ code: 'custom', path: ['STRIPE_WEBHOOK_SECRET'], message: 'is required when STRIPE_SECRET_KEY is set' });
    }
    // An https PUBLIC_URL is a live shop: the test card gateway would take 4242… as a real payment,
    // and mail written to files never reaches a buyer. (NODE_ENV=test: the tests bring their own.)
    if (e.PUBLIC_URL?.startsWith('https://') && e.NODE_ENV !== 'test') {
      if (!e.STRIPE_SECRET_KEY && e.ALLOW_TEST_PAYMENTS !== 'true') {
        ctx.addIssue({
          code: 'custom',
          path: ['STRIPE_SECRET_KEY'],
          message: 'is required when PUBLIC_URL is https (a live shop); set ALLOW_TEST_PAYMENTS=true to take test card payments instead',
        });
      }
      if (!e.SMTP_URL && e.ALLOW_FILE_MAIL !== 'true') {
        ctx.addIssue({
          code: 'custom',
          path: ['SMTP_URL'],
          message: 'is required when PUBLIC_URL is https (a live shop); set ALLOW_FILE_MAIL=true to write mail to files in DATA_DIR/mail instead',
        });
      }
    }
  });

export type AppConfig = ReturnType<typeof loadConfig>;

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env) {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  - ${i.path.join('.') || '(env)'}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  // 0700: it holds the database, the auth secret, mail with live links and uploads (lib/private-files.ts).
  ensurePrivateDirSync(dataDir);
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  return {
    env: e.NODE_ENV,
    isProduction: e.NODE_ENV === 'production',
    port: e.PORT,
    host: e.HOST,
    dataDir,
    database: e.DATABASE_URL
      ? ({ engine: 'postgres', url: e.DATABASE_URL } as const)
      : ({ engine: 'sqlite', file: path.join(dataDir, 'bulkparts.db') } as const),
    publicUrl,
    secureCookies: publicUrl.startsWith('https://'),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    adminEmails: e.ADMIN_EMAILS,
    logLevel: e.LOG_LEVEL,
    authSecret: e.BETTER_AUTH_SECRET ?? readOrCreateSecret(dataDir),
    google:
      e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET
        ? { clientId: e.GOOGLE_CLIENT_ID, clientSecret: e.GOOGLE_CLIENT_SECRET, issuer: e.GOOGLE_ISSUER ?? 'https://accounts.google.com' }
        : undefined,
    stripe: e.STRIPE_SECRET_KEY ? { secretKey: e.STRIPE_SECRET_KEY, webhookSecret: e.STRIPE_WEBHOOK_SECRET ?? '', apiBase: e.STRIPE_API_BASE } : undefined,
    /** Issue 30: the seller record's values until an admin saves one (settings/settings.service.ts). */
    seller: {
      legalName: e.SELLER_LEGAL_NAME,
      address: e.SHOP_ADDRESS,
      region: e.SELLER_REGION ?? null,
      country: e.SELLER_COUNTRY,
      taxNumber: e.SELLER_TAX_NUMBER ?? null,
      registrationNumber: e.SELLER_REGISTRATION_NUMBER ?? null,
      email: e.SHOP_EMAIL,
      phone: e.SHOP_PHONE,
      timeZone: e.SELLER_TIME_ZONE,
    },
    serveWeb: e.SERVE_WEB,
    webDist: e.WEB_DIST ? path.resolve(e.WEB_DIST) : undefined,
    trustProxy: parseTrustProxy(e.TRUST_PROXY).value,
    /** Logged at start-up (server.ts): accepted settings an operator should know about. */
    warnings: startupWarnings(e),
    metricsToken: e.METRICS_TOKEN,
    orders: {
      unpaidTtlSeconds: e.UNPAID_ORDER_TTL,
      pendingMax: e.PENDING_ORDERS_MAX,
      purchasesPerMinute: e.PURCHASE_RATE_PER_MINUTE,
      returnWindowDays: e.RETURN_WINDOW_DAYS,
    },
    /** Issue 30: when an order leaves (the delivery estimate's dispatch rule). */
    dispatch: { cutoff: e.DISPATCH_CUTOFF },
    mailPerRecipientPerMinute: e.MAIL_PER_RECIPIENT_PER_MINUTE,
    /** The catalogue's reads (ADR 0023): SQLite reader threads and each request's time budget. */
    catalogue: { readerThreads: e.CATALOGUE_READER_THREADS, queryBudgetMs: e.CATALOGUE_QUERY_BUDGET_MS },
    /** Outgoing webhooks (issue 19, ADR 0022). */
    webhooks: { allowPrivate: e.WEBHOOKS_ALLOW_PRIVATE === 'true', lowStockThreshold: e.WEBHOOK_LOW_STOCK_THRESHOLD },
    signUpsPerIpPerHour: e.SIGNUPS_PER_IP_PER_HOUR,
    signInsPerIpPerMinute: e.SIGNINS_PER_IP_PER_MINUTE,
    bankTransferDetails: e.BANK_TRANSFER_DETAILS,
    /** Issue 30: who sells (tax decisions) and where VAT numbers are checked (no trailing slash). */
    tax: { vatCheckUrl: e.VAT_CHECK_URL?.replace(/\/$/, '') },
    /** Where uploads live: an S3-compatible bucket (ADR 0021), or undefined for DATA_DIR/uploads. */
    objectStorage:
      e.S3_ENDPOINT && e.S3_BUCKET && e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
        ? {
            endpoint: e.S3_ENDPOINT,
            bucket: e.S3_BUCKET,
            region: e.S3_REGION,
            accessKeyId: e.S3_ACCESS_KEY_ID,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY,
            forcePathStyle: e.S3_FORCE_PATH_STYLE === 'true',
          }
        : undefined,
  };
}

/** The fallbacks a shop can run on, said out loud at every start. */
function startupWarnings(e: z.output<typeof envSchema>): string[] {
  const warnings: string[] = [];
  const trust = parseTrustProxy(e.TRUST_PROXY).warning;
  if (trust) warnings.push(trust);
  if (!e.STRIPE_SECRET_KEY)
    warnings.push('Payments use the TEST card gateway (no STRIPE_SECRET_KEY): card 4242 4242 4242 4242 is accepted and no money moves.');
  if (!e.SMTP_URL) warnings.push('Mail is written to files in DATA_DIR/mail (no SMTP_URL): nobody receives it.');
  return warnings;
}

/** The embedded default needs no setup: a random secret is generated once and kept beside the data. */
function readOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, 'auth-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, secret, { mode: PRIVATE_FILE_MODE });
  chmodSync(file, PRIVATE_FILE_MODE);
  return secret;
}
