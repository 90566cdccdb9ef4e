import { betterAuth } from 'better-auth';
import { twoFactor } from 'better-auth/plugins/two-factor';
import type { Kysely } from 'kysely';
import type { AppConfig } from '../../config/env.js';
import type { Engine } from '../../db/database.js';
import type { DB } from '../../db/tables.js';
import type { MailService } from '../mail/mail.service.js';
import { renderMail } from '../mail/templates.js';
import { PASSWORD_MIN_LENGTH } from '@bulkparts/shared';
import { newId } from '../../lib/ids.js';

/** Set by the auth route from Fastify's resolved client address. */
export const CLIENT_IP_HEADER = 'x-bulkparts-client-ip';

export interface AuthDeps {
  config: AppConfig;
  db: Kysely<DB>;
  engine: Engine;
  mailer: MailService;
}

/**
 * The shop's own identity provider (better-auth) on our Kysely database. Sessions live in
 * httpOnly cookies; nothing is kept in localStorage.
 */
export function createAuth({ config, db, engine, mailer }: AuthDeps) {
  const isAdminEmail = (email: string) => config.adminEmails.includes(email.toLowerCase());
  return betterAuth({
    appName: 'bulkparts',
    baseURL: config.publicUrl,
    basePath: '/api/auth',
    secret: config.authSecret,
    trustedOrigins: [config.publicUrl],
    database: { db, type: engine, transaction: true },
    advanced: {
      useSecureCookies: config.secureCookies,
      cookiePrefix: 'bulkparts',
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax', secure: config.secureCookies },
      database: { generateId: () => newId() },
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
      sendResetPassword: async ({ user, url }) => {
        await mailer.send(
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
      sendVerificationEmail: async ({ user, url }) => {
        await mailer.send(
          renderMail({
            to: user.email,
            subject: 'Confirm your email for bulkparts',
            greeting: `Welcome to bulkparts, ${user.name}!`,
            lines: ['Please confirm that this is your email address.'],
            action: { label: 'Confirm my email', url },
          }),
        );
      },
    },
    plugins: [twoFactor({ issuer: 'bulkparts' })],
    session: {
      expiresIn: 60 * 60 * 24 * 7,
      updateAge: 60 * 60 * 24,
    },
    rateLimit: {
      enabled: config.env !== 'test',
      storage: 'database',
      window: 60,
      max: 100,
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
