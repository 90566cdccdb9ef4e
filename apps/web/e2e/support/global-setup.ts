import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { request, type FullConfig } from '@playwright/test';
import { OAuth2Server } from 'oauth2-mock-server';
import { SMTPServer } from 'smtp-server';
import { postPaced, signUpViaApi } from './admin-helpers';
import { GOOGLE_IDENTITY, baseURL, mailDir, oidcPort, smtpUrl } from './e2e-env';
import { startEuShop } from './eu-shop';
import { PASSWORD, USERS, emailFor, statePath, usersFile, type MadeUser, type UserKey } from './users';

/** Decodes quoted-printable soft breaks and escapes so links in the text part come out whole. */
const decodeQuotedPrintable = (raw: string) =>
  raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

/** `=?UTF-8?Q?…?=` and `=?UTF-8?B?…?=` words of a header, decoded (adjacent words join without the space between). */
const decodeEncodedWords = (header: string) =>
  header.replace(/(\?=)\s+(=\?)/g, '$1$2').replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_, _charset: string, kind: string, text: string) =>
    kind.toUpperCase() === 'B'
      ? Buffer.from(text, 'base64').toString('utf8')
      : Buffer.from(
          text.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
          'latin1',
        ).toString('utf8'),
  );

/** A real SMTP server for the app's mail (SMTP_URL): every message is saved for the tests to read. */
async function startSmtpCapture(): Promise<(() => Promise<void>) | undefined> {
  const { hostname, port } = new URL(smtpUrl);
  const dir = mailDir();
  mkdirSync(dir, { recursive: true });
  let n = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        // A long Subject is folded over several lines (RFC 5322), and may be an encoded word (RFC 2047).
        const headers = raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, ' ');
        const subject = decodeEncodedWords(/^Subject: (.*)$/im.exec(headers)?.[1]?.trim() ?? '');
        const text = decodeQuotedPrintable(raw);
        for (const rcpt of session.envelope.rcptTo) {
          const file = path.join(dir, `${Date.now()}-${++n}.json`);
          writeFileSync(file, JSON.stringify({ to: rcpt.address.toLowerCase(), subject, text, receivedAt: Date.now() }));
        }
        callback();
      });
    },
  });
  const started = await new Promise<boolean>((resolve) => {
    server.once('error', (err: NodeJS.ErrnoException) => {
      console.warn(`[e2e] SMTP capture not started on ${hostname}:${port} (${err.code ?? err.message}); mail journeys will fail`);
      resolve(false);
    });
    server.listen(Number(port), hostname, () => resolve(true));
  });
  return started ? () => new Promise<void>((resolve) => server.close(() => resolve())) : undefined;
}

/** A local OpenID provider standing in for Google (GOOGLE_ISSUER in playwright.config.ts). */
async function startOidcProvider(): Promise<(() => Promise<void>) | undefined> {
  const server = new OAuth2Server();
  await server.issuer.keys.generate('RS256');
  server.service.on('beforeTokenSigning', (token) => Object.assign(token.payload, GOOGLE_IDENTITY));
  server.service.on('beforeUserinfo', (userInfo) => {
    userInfo.body = { ...GOOGLE_IDENTITY };
  });
  try {
    await server.start(oidcPort, '127.0.0.1');
  } catch (err) {
    console.warn(`[e2e] OpenID provider not started on 127.0.0.1:${oidcPort} (${(err as Error).message}); Google journeys will fail`);
    return undefined;
  }
  return () => server.stop();
}

/**
 * Makes every account of users.ts once (signed up, confirmed with the mailed link, signed in) and
 * saves the signed-in ones' storage state; the server (webServer) is up before global setup runs.
 * The admin (ADMIN_EMAILS) may exist already when E2E_DATA_DIR is reused: then it only signs in.
 */
async function makeUsers() {
  const runTag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;
  mkdirSync(path.dirname(usersFile()), { recursive: true });
  const keys = Object.keys(USERS) as UserKey[];
  const made = {} as Record<UserKey, MadeUser>;
  const makeOne = async (key: UserKey) => {
    const spec: { name: string; signedIn?: boolean } = USERS[key];
    const email = emailFor(key, runTag);
    const context = await request.newContext({ baseURL });
    try {
      const signedIn = key === 'admin' && (await postPaced(context, '/api/auth/sign-in/email', { email, password: PASSWORD })).ok();
      if (!signedIn) await signUpViaApi(context, email, spec.name, PASSWORD);
      const user: MadeUser = { key, email, name: spec.name };
      // A `signedIn: false` account's session is left unused: its journeys sign in themselves.
      if (spec.signedIn !== false) {
        user.state = statePath(key);
        await context.storageState({ path: user.state });
      }
      made[key] = user;
    } finally {
      await context.dispose();
    }
  };
  // A few at a time: each is two password hashes and a mail on the one shared server.
  const queue = [...keys];
  await Promise.all(
    Array.from({ length: 6 }, async () => {
      for (let key = queue.shift(); key; key = queue.shift()) await makeOne(key);
    }),
  );
  writeFileSync(usersFile(), JSON.stringify(made, null, 2));
}

/**
 * Runs once per `playwright test`: mail capture and the OpenID provider for every spec, the EU
 * seller's shop (eu-shop.ts, booting while the accounts are made), and the shared accounts.
 */
export default async function globalSetup(config: FullConfig) {
  const stops = [await startSmtpCapture(), await startOidcProvider()].filter((s): s is () => Promise<void> => Boolean(s));
  const stopAll = async () => {
    for (const stop of [...stops].reverse()) await stop();
  };
  try {
    const euShop = await startEuShop(config.configFile ? path.dirname(config.configFile) : process.cwd(), process.env.E2E_DATA_DIR ?? '.');
    stops.push(euShop.stop);
    const started = Date.now();
    await makeUsers();
    console.log(`[e2e] ${Object.keys(USERS).length} accounts made in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    await euShop.ready();
    console.log(`[e2e] EU shop answering after ${((Date.now() - started) / 1000).toFixed(1)} s`);
  } catch (err) {
    await stopAll();
    throw err;
  }
  return stopAll;
}
