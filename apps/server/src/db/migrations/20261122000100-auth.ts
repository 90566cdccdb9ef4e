import { sql, type Kysely } from 'kysely';
import { dialectTypes } from './dialect.js';

/** better-auth's tables (user, session, account, verification, twoFactor, rateLimit). */
export async function up(db: Kysely<unknown>): Promise<void> {
  const { bool, timestamp } = dialectTypes(db);
  const ts = sql.raw(timestamp);
  const b = sql.raw(bool);
  const statements = [
    sql`create table "user" ("id" text not null primary key, "name" text not null, "email" text not null unique, "emailVerified" ${b} not null, "image" text, "createdAt" ${ts} not null, "updatedAt" ${ts} not null, "twoFactorEnabled" ${b}, "role" text)`,
    sql`create table "session" ("id" text not null primary key, "expiresAt" ${ts} not null, "token" text not null unique, "createdAt" ${ts} not null, "updatedAt" ${ts} not null, "ipAddress" text, "userAgent" text, "userId" text not null references "user" ("id") on delete cascade)`,
    sql`create table "account" ("id" text not null primary key, "accountId" text not null, "providerId" text not null, "userId" text not null references "user" ("id") on delete cascade, "accessToken" text, "refreshToken" text, "idToken" text, "accessTokenExpiresAt" ${ts}, "refreshTokenExpiresAt" ${ts}, "scope" text, "password" text, "createdAt" ${ts} not null, "updatedAt" ${ts} not null)`,
    sql`create table "verification" ("id" text not null primary key, "identifier" text not null, "value" text not null, "expiresAt" ${ts} not null, "createdAt" ${ts} not null, "updatedAt" ${ts} not null)`,
    sql`create table "twoFactor" ("id" text not null primary key, "secret" text not null, "backupCodes" text not null, "userId" text not null references "user" ("id") on delete cascade, "verified" ${b}, "failedVerificationCount" integer, "lockedUntil" ${ts})`,
    sql`create table "rateLimit" ("id" text not null primary key, "key" text not null unique, "count" integer not null, "lastRequest" bigint not null)`,
    sql`create index "session_userId_idx" on "session" ("userId")`,
    sql`create index "account_userId_idx" on "account" ("userId")`,
    sql`create index "verification_identifier_idx" on "verification" ("identifier")`,
    sql`create index "twoFactor_secret_idx" on "twoFactor" ("secret")`,
    sql`create index "twoFactor_userId_idx" on "twoFactor" ("userId")`,
    sql`create index "user_role_idx" on "user" ("role")`,
  ];
  for (const statement of statements) await statement.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['rateLimit', 'twoFactor', 'verification', 'account', 'session', 'user']) {
    await sql`drop table if exists ${sql.id(t)}`.execute(db);
  }
}
