import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { ADMIN_EMAIL } from './admin-helpers';

/**
 * The accounts global-setup.ts makes once per run (signed up, confirmed by the mailed link, signed
 * in) so journeys start signed in through `storageState` instead of signing up again. Each journey
 * that changes what a buyer owns (cart, orders, quotes, company, profile) has a buyer of its own, so
 * journeys running side by side never see each other's lines or orders. `signedIn: false` accounts
 * are confirmed but keep no session (their journeys sign in themselves, or change the password).
 */
export const USERS = {
  admin: { name: 'Shop Admin' },
  // accounts.spec.ts
  reset: { name: 'Rita Reset', signedIn: false },
  totp: { name: 'Tess Totp', signedIn: false },
  bar: { name: 'Bea Bar' },
  busy: { name: 'Bo Busy' },
  // a11y.spec.ts
  sweep: { name: 'Sam Sweep' },
  sweepco: { name: 'Sal Sweepco' },
  // cart.spec.ts
  cart: { name: 'Cara Cart' },
  quick: { name: 'Quinn Quick' },
  visitor: { name: 'Vic Visitor', signedIn: false },
  // catalogue.spec.ts
  search: { name: 'Sage Searcher' },
  // companies.spec.ts
  cora: { name: 'Cora Admin' },
  bea: { name: 'Bea Buyer' },
  abe: { name: 'Abe Approver' },
  cora2: { name: 'Cora Admin' },
  // defects.spec.ts
  reviewer: { name: 'Rae Reviewer' },
  details: { name: 'Dee Details' },
  minimum: { name: 'Min Imum' },
  unorderable: { name: 'Una Vailable' },
  signedin: { name: 'Sid Signedin' },
  // ordering.spec.ts
  buyer: { name: 'Bea Buyer' },
  declined: { name: 'Dee Declined' },
  cancel: { name: 'Cy Cancel' },
  stock: { name: 'Stu Stock' },
  rival: { name: 'Rita Rival' },
  stripe: { name: 'Sam Stripe' },
  // profile.spec.ts
  profile: { name: 'Robin Profile' },
  phone: { name: 'E2E User' },
  // quotes.spec.ts
  quote: { name: 'Quinn Quote' },
  cartquote: { name: 'Carla Cart' },
  phonequote: { name: 'Pia Phone' },
  // admin.spec.ts (promoted and removed by the admin) and integrations.spec.ts
  promote: { name: 'Promo Customer', signedIn: false },
  remove: { name: 'Remove Me', signedIn: false },
  shipper: { name: 'Ship Buyer' },
  hooked: { name: 'Hook Buyer' },
  // shipping.spec.ts (issue 30)
  shipping: { name: 'Sia Shipping' },
  // after-the-order.spec.ts (issue 31)
  shipwatch: { name: 'Shay Shipwatch' },
  backorderer: { name: 'Bo Backorder' },
  returner: { name: 'Ray Returner' },
  // punchout.spec.ts (issue 32): the company's admin and its punchout member
  procure: { name: 'Pat Procure' },
  punchout: { name: 'Punchout Member', signedIn: false },
  // buying-speed.spec.ts (issue 33)
  listview: { name: 'Lin Listview' },
  lister: { name: 'Lis Requisition' },
  docco: { name: 'Doc Company' },
  docother: { name: 'Dot Other' },
  // tax.spec.ts (issue 30)
  taxer: { name: 'Tia Taxer' },
  exempt: { name: 'Exa Exempt' },
} satisfies Record<string, { name: string; signedIn?: boolean }>;

export type UserKey = keyof typeof USERS;
export const PASSWORD = 'correct-horse-9';

export interface MadeUser {
  key: UserKey;
  email: string;
  name: string;
  /** The storage state file (cookies of a signed-in session), for `signedIn` accounts. */
  state?: string;
}

const authDir = () => path.join(process.env.E2E_DATA_DIR ?? '.', 'auth');
export const statePath = (key: UserKey) => path.join(authDir(), `${key}.json`);
export const usersFile = () => path.join(authDir(), 'users.json');

/** The emails are new each run (a reused E2E_DATA_DIR keeps its database); the admin's is fixed (ADMIN_EMAILS). */
export const emailFor = (key: UserKey, runTag: string) => (key === 'admin' ? ADMIN_EMAIL : `${key}.${runTag}@example.com`);

let made: Record<UserKey, MadeUser> | undefined;

/** An account made by the global setup. */
export function user(key: UserKey): MadeUser {
  made ??= JSON.parse(readFileSync(usersFile(), 'utf8')) as Record<UserKey, MadeUser>;
  return made[key];
}

/** The storage state file of a signed-in account, for `test.use({ storageState })` or `browser.newContext`. */
export function stateOf(key: UserKey): string {
  const state = user(key).state;
  if (!state) throw new Error(`${key} keeps no session (signedIn: false)`);
  return state;
}

/** A new browser context signed in as `key`, for a second person in a journey. */
export function contextAs(browser: Browser, key: UserKey, baseURL: string | undefined): Promise<BrowserContext> {
  return browser.newContext({ baseURL, storageState: stateOf(key) });
}

/** Signs this page's context in as `key` (the session cookie from its storage state). */
export async function signInAs(page: Page, key: UserKey) {
  const state = JSON.parse(readFileSync(stateOf(key), 'utf8')) as { cookies: Parameters<BrowserContext['addCookies']>[0] };
  await page.context().addCookies(state.cookies);
}
