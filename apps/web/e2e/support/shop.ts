import { expect, type APIRequestContext, type Browser, type BrowserContext, type Page } from '@playwright/test';
import type { Order, Product } from '@bulkparts/shared';
import { contextAs } from './users';

/**
 * The shop's data as journeys need it. Journeys run side by side on one server and one demo
 * catalogue: a journey that changes stock or counts on an exact figure makes its own product
 * (`addProduct`, new SKU and name each time) rather than using a demo product another journey buys.
 */

/** A product by its exact name (the demo catalogue's, apps/server/src/db/seed/demo-catalog.ts). */
export async function productNamed(request: APIRequestContext, name: string): Promise<Product> {
  const list = (await (await request.get(`/api/service?q=${encodeURIComponent(name)}`)).json()) as Product[];
  const product = list.find((p) => p.name === name);
  if (!product) throw new Error(`product "${name}" is missing`);
  return product;
}

/** A short upper-case tag, new each call, for SKUs, names and slugs. */
export const runTag = () => `${Date.now().toString(36).slice(-5)}${Math.floor(Math.random() * 36).toString(36)}`.toUpperCase();

/** A new product filed by the admin (`admin`: a request context signed in as the admin). Its SKU is new each call. */
export async function addProduct(admin: APIRequestContext, fields: Partial<Product> & { name: string }): Promise<Product> {
  const res = await admin.post('/api/service', {
    data: {
      sku: `E2E-${runTag()}-${Math.random().toString(36).slice(2, 6)}`,
      description: 'Browser journey part',
      price: 1.5,
      minimumOrderQuantity: 50,
      availableQuantity: 500,
      img: '/images/products/ball-bearing.svg',
      ...fields,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as Product;
}

/** A browser context signed in as the shop admin (made by global-setup.ts); close it when done. */
export function adminContext(browser: Browser, baseURL: string | undefined): Promise<BrowserContext> {
  return contextAs(browser, 'admin', baseURL);
}

/** The ship-to journeys order with (issue 29: every order the web places has one, and none ships without one). */
export const SHIP_TO = { name: 'Jo Journey', line1: '1 Mill Road', city: 'Leeds', postalCode: 'LS1 4AB', country: 'United Kingdom' };

/** Fills the shipping address of the open order form (the purchase page, checkout), whatever it was pre-filled with. */
export async function fillShipTo(page: Page, address: typeof SHIP_TO = SHIP_TO) {
  const shipTo = page.getByRole('group', { name: 'Shipping address' });
  await shipTo.getByLabel('Name', { exact: true }).fill(address.name);
  await shipTo.getByLabel('Address line 1', { exact: true }).fill(address.line1);
  await shipTo.getByLabel('Postal code', { exact: true }).fill(address.postalCode);
  await shipTo.getByLabel('City', { exact: true }).fill(address.city);
  await shipTo.getByLabel('Country', { exact: true }).fill(address.country);
}

/** Places an order through the API as whoever `request` is signed in as, with a ship-to as the purchase page sends one. */
export async function placeOrder(request: APIRequestContext, productId: string, quantity: number): Promise<Order> {
  const res = await request.post('/api/purchase', {
    data: { productId, quantity, shippingAddress: SHIP_TO },
    headers: { 'idempotency-key': `e2e-${Date.now()}-${Math.random()}` },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as Order;
}

/** The available quantity the server has now. */
export async function availableQuantity(request: APIRequestContext, id: string): Promise<number> {
  return ((await (await request.get(`/api/service/${id}`)).json()) as Product).availableQuantity;
}

/** axe measures contrast mid-animation (a toast fading in reads as too faint), so let entrances finish first. */
export async function toastsSettled(page: Page) {
  await page.locator('.Toastify__toast').evaluateAll((toasts) => Promise.all(toasts.flatMap((t) => t.getAnimations().map((a) => a.finished))));
}

/** Nothing on the page is wider than the screen. */
export async function fitsThePhone(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
}
