import { betterAuth } from 'better-auth';
import { genericOAuth } from 'better-auth/plugins/generic-oauth';
import { openAPI } from 'better-auth/plugins/open-api';
import { twoFactor } from 'better-auth/plugins/two-factor';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { AppConfig } from '../../config/env.js';
import type { Engine } from '../../db/database.js';
import type { DB } from '../../db/tables.js';
import type { MailService } from '../mail/mail.service.js';
import type { UsersService } from '../users/users.service.js';
import type { SessionCache } from './session-cache.js';
import { renderMail } from '../mail/templates.js';
import { randomInt } from 'node:crypto';
import { PASSWORD_MIN_LENGTH } from '@bulkparts/shared';
import { newRandomId } from '../../lib/ids.js';

/** Set by the auth route from Fastify's resolved client address. */
export const CLIENT_IP_HEADER = 'x-bulkparts-client-ip';

/** Where the mailed verification link lands (the web page reads `status` / `error`). */
export const VERIFY_EMAIL_CALLBACK = '/verify-email?status=ok';
/** Where a mailed reset link lands (better-auth appends `?token=`). */
export const RESET_PASSWORD_PAGE = '/reset-password';

/** 'Continue with Google' through OpenID Connect discovery (authorization code + PKCE + state). */
function googlePlugins(google: AppConfig['google']) {
  if (!google) return [];
  return [
    genericOAuth({
      config: [
        {
          providerId: 'google',
          name: 'Google',
          discoveryUrl: `${google.issuer.replace(/\/$/, '')}/.well-known/openid-configuration`,
          clientId: google.clientId,
          clientSecret: google.clientSecret,
          scopes: ['openid', 'email', 'profile'],
          pkce: true,
          requireIdTokenVerification: true,
          prompt: 'select_account',
        },
      ],
    }),
  ];
}

/** better-auth's OpenAPI plugin's own endpoints, never served (`disabledPaths`). */
export const OPENAPI_PATHS = ['/open-api/generate-schema', '/reference'] as const;

/** Backup codes are read off paper and typed: no 0/O, 1/I/L look-alikes, one case only. */
export const BACKUP_CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export function generateBackupCodes(amount = 10): string[] {
  const one = () => Array.from({ length: 10 }, () => BACKUP_CODE_ALPHABET[randomInt(BACKUP_CODE_ALPHABET.length)]).join('');
  return Array.from({ length: amount }, () => {
    const code = one();
    return `${code.slice(0, 5)}-${code.slice(5)}`;
  });
}

/** A mailed verification link always comes back to the web page, whatever the client asked. */
function withVerifyCallback(url: string): string {
  const link = new URL(url);
  const cb = link.searchParams.get('callbackURL');
  if (!cb || cb === '/' || !cb.startsWith('/verify-email')) link.searchParams.set('callbackURL', VERIFY_EMAIL_CALLBACK);
  return link.toString();
}

export interface AuthDeps {
  config: AppConfig;
  /** For better-auth's own adapter only; the queries we write on its tables are in users.repository.ts. */
  db: Kysely<DB>;
  engine: Engine;
  mailer: MailService;
  users: Pick<UsersService, 'syncAdminEmailRole'>;
  /** Cleared by the database hooks below whenever an account or session changes (ADR 0012). */
  sessions: Pick<SessionCache, 'clear'>;
  /** better-auth's messages go to the app's pino logger (LOG_LEVEL applies). */
  log?: FastifyBaseLogger;
  /** better-auth's own per-address burst guard (off in tests that do not test limits). */
  rateLimitEnabled?: boolean;
  /** Replaces better-auth's scrypt (N=16384, ~50 ms of CPU a hash): the API tests' cheap one (ADR 0024). */
  passwordHasher?: PasswordHasher;
}

/** How passwords are hashed and checked (better-auth's `emailAndPassword.password`). */
export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(input: { hash: string; password: string }): Promise<boolean>;
}

/**
 * The shop's own identity provider (better-auth) on our Kysely database. Sessions live in
 * httpOnly cookies; nothing is kept in localStorage.
 */
export function createAuth({ config, db, engine, mailer, users, sessions, log, rateLimitEnabled = config.env !== 'test', passwordHasher }: AuthDeps) {
  const isAdminEmail = (email: string) => config.adminEmails.includes(email.toLowerCase());
  return betterAuth({
    appName: 'bulkparts',
    baseURL: config.publicUrl,
    basePath: '/api/auth',
    logger: {
      disabled: config.logLevel === 'silent',
      level: 'debug',
      ...(log
        ? { log: (level: 'debug' | 'info' | 'warn' | 'error', message: string, ...args: unknown[]) => log[level]({ args }, `better-auth: ${message}`) }
        : {}),
    },
    secret: config.authSecret,
    trustedOrigins: [config.publicUrl],
    // OAuth failures come back to the login page as `?error=<code>`; the page explains them.
    onAPIError: { errorURL: `${config.publicUrl}/login` },
    account: {
      // A Google account links to an existing account with the same email when both sides have
      // verified it (better-auth's defaults: Google's email_verified and requireLocalEmailVerified).
      accountLinking: { enabled: true, allowDifferentEmails: false },
    },
    database: { db, type: engine, transaction: true },
    advanced: {
      useSecureCookies: config.secureCookies,
      cookiePrefix: 'bulkparts',
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax', secure: config.secureCookies },
      database: { generateId: () => newRandomId() },
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    user: {
      additionalFields: {
        role: { type: 'string', required: false, defaultValue: 'customer', input: false },
      },
    },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: 128,
      ...(passwordHasher ? { password: passwordHasher } : {}),
      // No session from sign-up: the answer is the same whether or not the address already has an
      // account (no enumeration); the owner of an existing account gets a mail instead.
      autoSignIn: false,
      onExistingUserSignUp: async ({ user }) => {
        void mailer.send(
          renderMail({
            to: user.email,
            subject: 'Someone tried to sign up with your email at bulkparts',
            greeting: 'Hello,',
            lines: [
              'Someone tried to create a new bulkparts account with this email address, but you already have one.',
              'If it was you, sign in with your password, or choose a new one with "Reset Password" on the sign-in page. If it was not you, ignore this message: nothing changed.',
            ],
            action: { label: 'Sign in', url: `${config.publicUrl}/login` },
          }),
        );
      },
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: 60 * 60,
      sendResetPassword: async ({ user, url: rawUrl }) => {
        const link = new URL(rawUrl);
        if (!link.searchParams.get('callbackURL')) link.searchParams.set('callbackURL', RESET_PASSWORD_PAGE);
        const url = link.toString();
        // Not awaited: the answer takes as long whether or not the account exists (no enumeration);
        // the outbox logs and retries failed deliveries.
        void mailer.send(
          renderMail({
            to: user.email,
            subject: 'Reset your bulkparts password',
            // Names are chosen by whoever signs up: never put them in mail to an address (phishing).
            greeting: 'Hello,',
            lines: [
              'Someone asked to reset the password of your bulkparts account. If it was you, choose a new password with the link below. The link works for one hour.',
              'If it was not you, ignore this message: your password stays as it is.',
            ],
            action: { label: 'Choose a new password', url },
          }),
        );
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      // A mailed link proves the address, not the password or the second factor: it never signs in.
      autoSignInAfterVerification: false,
      expiresIn: 60 * 60 * 24,
      sendVerificationEmail: async ({ user, url: rawUrl }) => {
        const url = withVerifyCallback(rawUrl);
        await mailer.send(
          renderMail({
            to: user.email,
            subject: 'Confirm your email for bulkparts',
            greeting: 'Welcome to bulkparts!',
            lines: ['Please confirm that this is your email address. The link works for 24 hours.'],
            action: { label: 'Confirm my email', url },
          }),
        );
      },
    },
    // The OpenAPI plugin only describes the endpoints to our document (plugins/openapi-auth.ts,
    // through `auth.api`); its own schema and Scalar page (which loads from a CDN) are not served.
    disabledPaths: [...OPENAPI_PATHS],
    // Only the plugins used: TOTP second factor (+ backup codes), when configured Google, and the description.
    plugins: [
      openAPI({ disableDefaultReference: true }),
      twoFactor({
        issuer: 'bulkparts',
        backupCodeOptions: { amount: 10, length: 10, customBackupCodesGenerate: () => generateBackupCodes(10) },
        accountLockout: { enabled: true, maxFailedAttempts: 10, durationSeconds: 15 * 60 },
      }),
      ...googlePlugins(config.google),
    ],
    session: {
      expiresIn: 60 * 60 * 24 * 7,
      updateAge: 60 * 60 * 24,
      // Issue 32: a session opened by punchout names its punchout session (punchout-sign-in.ts); never set by a client.
      additionalFields: { punchoutId: { type: 'string', required: false, input: false } },
    },
    rateLimit: {
      enabled: rateLimitEnabled,
      storage: 'database',
      window: 60,
      max: 100,
      // Per path and address burst guard only; the abuse limits per account and address are ours
      // (auth-limits.ts) and answer { error: 'RATE_LIMITED' }.
      customRules: {
        // Reading or ending one's own session is never limited per address: a busy office behind
        // one NAT would otherwise be signed out (the web page reads the session on every load).
        '/get-session': false,
        '/list-sessions': false,
        '/sign-out': false,
        // Ours count these per account and address; better-auth's default (3 a minute) would refuse an office.
        '/request-password-reset': { window: 60, max: 20 },
        '/send-verification-email': { window: 60, max: 20 },
        '/change-password': { window: 60, max: 20 },
        // better-auth's window restarts only after a quiet minute (SIGNINS_PER_IP_PER_MINUTE).
        '/sign-in/*': { window: 60, max: config.signInsPerIpPerMinute },
        // A burst guard no tighter than the hourly per-address limit (SIGNUPS_PER_IP_PER_HOUR), which
        // is ours; a shop that raises that limit for a kiosk or a test suite must not meet this one first.
        '/sign-up/*': { window: 60, max: Math.max(20, config.signUpsPerIpPerHour) },
        '/two-factor/*': { window: 60, max: 30 },
      },
    },
    databaseHooks: {
      user: {
        create: {
          // The first admins come from ADMIN_EMAILS (documented in the README), once verified
          // (an account made through Google arrives verified).
          before: async (user) => ({ data: { ...user, role: isAdminEmail(user.email) && user.emailVerified ? 'admin' : 'customer' } }),
        },
        update: {
          // Name, image, email verification, two-factor on or off: what a session shows changed.
          // The verification link (or any later update) promotes an ADMIN_EMAILS address once it is verified.
          after: async (user) => {
            sessions.clear();
            if (user) await users.syncAdminEmailRole(user.id);
          },
        },
      },
      account: {
        // A new password (sessions revoked with it are deleted: the session hook below).
        update: { after: async () => sessions.clear() },
      },
      session: {
        create: {
          after: async (session) => users.syncAdminEmailRole(session.userId),
        },
        // Sign-out, revoked sessions: a cached cookie must not stay signed in.
        delete: { after: async () => sessions.clear() },
      },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
