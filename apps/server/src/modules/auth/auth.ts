import { betterAuth } from 'better-auth';
import { genericOAuth } from 'better-auth/plugins/generic-oauth';
import { twoFactor } from 'better-auth/plugins/two-factor';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { AppConfig } from '../../config/env.js';
import type { Engine } from '../../db/database.js';
import type { DB } from '../../db/tables.js';
import type { MailService } from '../mail/mail.service.js';
import { renderMail } from '../mail/templates.js';
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

/** A mailed verification link always comes back to the web page, whatever the client asked. */
function withVerifyCallback(url: string): string {
  const link = new URL(url);
  const cb = link.searchParams.get('callbackURL');
  if (!cb || cb === '/' || !cb.startsWith('/verify-email')) link.searchParams.set('callbackURL', VERIFY_EMAIL_CALLBACK);
  return link.toString();
}

export interface AuthDeps {
  config: AppConfig;
  db: Kysely<DB>;
  engine: Engine;
  mailer: MailService;
  /** better-auth's messages go to the app's pino logger (LOG_LEVEL applies). */
  log?: FastifyBaseLogger;
}

/**
 * The shop's own identity provider (better-auth) on our Kysely database. Sessions live in
 * httpOnly cookies; nothing is kept in localStorage.
 */
export function createAuth({ config, db, engine, mailer, log }: AuthDeps) {
  const isAdminEmail = (email: string) => config.adminEmails.includes(email.toLowerCase());
  return betterAuth({
    appName: 'bulkparts',
    baseURL: config.publicUrl,
    basePath: '/api/auth',
    logger: {
      disabled: config.logLevel === 'silent',
      level: 'debug',
      ...(log ? { log: (level: 'debug' | 'info' | 'warn' | 'error', message: string, ...args: unknown[]) => log[level]({ args }, `better-auth: ${message}`) } : {}),
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
      autoSignIn: true,
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
            greeting: `Hello ${user.name},`,
            lines: ['Someone asked to reset the password of your bulkparts account. If it was you, choose a new password with the link below. The link works for one hour.', 'If it was not you, ignore this message: your password stays as it is.'],
            action: { label: 'Choose a new password', url },
          }),
        );
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
      expiresIn: 60 * 60 * 24,
      sendVerificationEmail: async ({ user, url: rawUrl }) => {
        const url = withVerifyCallback(rawUrl);
        await mailer.send(
          renderMail({
            to: user.email,
            subject: 'Confirm your email for bulkparts',
            greeting: `Welcome to bulkparts, ${user.name}!`,
            lines: ['Please confirm that this is your email address. The link works for 24 hours.'],
            action: { label: 'Confirm my email', url },
          }),
        );
      },
    },
    // Only the plugins used: TOTP second factor (+ backup codes) and, when configured, Google.
    plugins: [
      twoFactor({
        issuer: 'bulkparts',
        backupCodeOptions: { amount: 10, length: 10 },
        accountLockout: { enabled: true, maxFailedAttempts: 10, durationSeconds: 15 * 60 },
      }),
      ...googlePlugins(config.google),
    ],
    session: {
      expiresIn: 60 * 60 * 24 * 7,
      updateAge: 60 * 60 * 24,
    },
    rateLimit: {
      enabled: config.env !== 'test',
      storage: 'database',
      window: 60,
      max: 100,
      // Per path and address burst guard only; the abuse limits per account and address are ours
      // (auth-limits.ts) and answer { error: 'RATE_LIMITED' }.
      customRules: {
        '/sign-in/*': { window: 60, max: 60 },
        '/sign-up/*': { window: 60, max: 20 },
        '/two-factor/*': { window: 60, max: 30 },
      },
    },
    databaseHooks: {
      user: {
        create: {
          // The first admins come from ADMIN_EMAILS (documented in the README).
          before: async (user) => ({ data: { ...user, role: isAdminEmail(user.email) ? 'admin' : 'customer' } }),
        },
      },
      session: {
        create: {
          after: async (session) => {
            const row = await db.selectFrom('user').select(['email', 'role']).where('id', '=', session.userId).executeTakeFirst();
            if (row && row.role !== 'admin' && isAdminEmail(row.email)) {
              await db.updateTable('user').set({ role: 'admin' }).where('id', '=', session.userId).execute();
            }
          },
        },
      },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
