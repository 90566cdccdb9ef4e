import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

/**
 * The only file that reads `process.env`. Everything else receives a validated `AppConfig`.
 * A bad value stops start-up with one message that names every bad variable.
 */
const optionalString = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));

const envSchema = z.object({
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
    .transform((v) => v.split(',').map((e) => e.trim().toLowerCase()).filter(Boolean))
    .refine((list) => list.every((e) => /^[^\s@]+@[^\s@]+$/.test(e)), 'must be a comma-separated list of emails'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  BETTER_AUTH_SECRET: optionalString.refine((v) => v === undefined || v.length >= 32, 'must be at least 32 characters'),
  GOOGLE_CLIENT_ID: optionalString,
  GOOGLE_CLIENT_SECRET: optionalString,
  GOOGLE_ISSUER: optionalString.refine((v) => v === undefined || /^https?:\/\//.test(v), 'must be an http(s):// URL'),
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  STRIPE_API_BASE: optionalString.refine((v) => v === undefined || /^https?:\/\//.test(v), 'must be an http(s):// URL'),
  SERVE_WEB: z.enum(['auto', 'true', 'false']).default('auto'),
  WEB_DIST: optionalString,
  TRUST_PROXY: z.enum(['true', 'false']).default('false'),
  METRICS_TOKEN: optionalString.refine((v) => v === undefined || v.length >= 16, 'must be at least 16 characters'),
}).superRefine((e, ctx) => {
  // Stripe marks orders paid only from signed webhooks: a key without the signing secret would take money and never mark it.
  if (e.STRIPE_SECRET_KEY && !e.STRIPE_WEBHOOK_SECRET) {
    ctx.addIssue({ code: 'custom', path: ['STRIPE_WEBHOOK_SECRET'], message: 'is required when STRIPE_SECRET_KEY is set' });
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
  mkdirSync(dataDir, { recursive: true });
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
    stripe: e.STRIPE_SECRET_KEY
      ? { secretKey: e.STRIPE_SECRET_KEY, webhookSecret: e.STRIPE_WEBHOOK_SECRET ?? '', apiBase: e.STRIPE_API_BASE }
      : undefined,
    serveWeb: e.SERVE_WEB,
    webDist: e.WEB_DIST ? path.resolve(e.WEB_DIST) : undefined,
    trustProxy: e.TRUST_PROXY === 'true',
    metricsToken: e.METRICS_TOKEN,
  };
}

/** The embedded default needs no setup: a random secret is generated once and kept beside the data. */
function readOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, 'auth-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
