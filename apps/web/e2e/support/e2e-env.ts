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

/**
 * Issue 30's EU seller: a second shop (its own database, a German seller with a VAT number, VAT
 * numbers checked against a local stub) that global-setup.ts starts beside the first, on port+1, for
 * the journeys whose rule needs an EU seller (reverse-charge.spec.ts). The first shop stays a US seller.
 */
export const euShopPort = Number(process.env.E2E_EU_SHOP_PORT ?? e2ePort + 1);
export const euShopURL = `http://localhost:${euShopPort}`;
/** The EU shop's seller: its country and VAT number (SELLER_COUNTRY, SELLER_TAX_NUMBER). */
export const EU_SELLER = { country: 'DE', vatNumber: 'DE123456789' };
/** The VAT numbers the stub finds valid; any other well-formed number is invalid. */
export const VALID_VAT_NUMBERS = ['FR12345678901'];
