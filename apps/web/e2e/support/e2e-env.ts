import path from 'node:path';

/**
 * Ports and folders the browser journeys share with playwright.config.ts, derived from E2E_PORT so
 * several people can run the suite side by side: SMTP capture on port+100, OpenID provider on port+200,
 * the punchout simulator on port+50.
 */
export const e2ePort = Number(process.env.E2E_PORT ?? 5100);
export const smtpUrl = process.env.E2E_SMTP_URL ?? `smtp://127.0.0.1:${e2ePort + 100}`;
export const oidcPort = Number(process.env.E2E_OIDC_PORT ?? e2ePort + 200);
export const oidcIssuer = `http://127.0.0.1:${oidcPort}`;
/**
 * The procurement simulator of the punchout journey (issue 32): port+50, between the hundreds
 * other runs' servers, SMTP and OpenID ports take.
 */
export const punchoutSimPort = Number(process.env.E2E_PUNCHOUT_SIM_PORT ?? e2ePort + 50);
export const GOOGLE_CLIENT_ID = 'bulkparts-e2e';
export const GOOGLE_CLIENT_SECRET = 'bulkparts-e2e-secret';

/** The Google identity the local OpenID provider signs in (fixed: each run has a fresh database). */
export const GOOGLE_IDENTITY = { sub: 'google-e2e-1', email: 'gale.google@example.com', email_verified: true, name: 'Gale Google' };

/** Captured mail is written here as JSON by global-setup.ts (one file per message). */
export const mailDir = () => path.join(process.env.E2E_DATA_DIR ?? '.', 'captured-mail');

/** The shop under test (playwright.config.ts's webServer). */
export const baseURL = `http://localhost:${e2ePort}`;
