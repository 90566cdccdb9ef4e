import { request as playwrightRequest, type APIRequestContext, type Page } from '@playwright/test';
import type { Product } from '@bulkparts/shared';
import { startPunchoutSim } from '../../../scripts/punchout-sim/sim.mjs';
import { baseURL, punchoutSimPort } from './support/e2e-env';
import { checkA11y, expect, test } from './support/fixtures';
import { firstLink, waitForMail } from './support/mailbox';
import { addProduct, runTag } from './support/shop';
import { PASSWORD, stateOf, user } from './support/users';

/**
 * Issue 32: a buyer orders from inside their procurement system. The procurement simulator
 * (scripts/punchout-sim, on E2E_PORT+50) plays SAP Ariba over cXML (setup, returned cart,
 * OrderRequest) and SAP SRM over OCI (login form, returned cart); the shop is the production build.
 */
test.describe.configure({ mode: 'serial' });

const tag = runTag();
const credentials = {
  from: { domain: 'NetworkID', identity: `AN-E2E-${tag}` },
  sender: { domain: 'NetworkID', identity: `AN-E2E-HUB-${tag}` },
  secret: `sim-secret-${tag}`,
  ociUsername: `oci-${tag}`.toLowerCase(),
  ociPassword: `oci-password-${tag}`,
};
let sim: Awaited<ReturnType<typeof startPunchoutSim>>;
let products: Product[];
let companyId: string;
const contexts: APIRequestContext[] = [];

async function api(state?: string) {
  const context = await playwrightRequest.newContext({ baseURL, ...(state ? { storageState: state } : {}) });
  contexts.push(context);
  return context;
}

test.beforeAll(async () => {
  sim = await startPunchoutSim({ shopUrl: baseURL, port: punchoutSimPort, name: 'Simulated Ariba', ...credentials });
  const admin = await api(stateOf('admin'));
  const procure = await api(stateOf('procure'));
  // A company with terms; its punchout member joins through the mailed invitation.
  const company = await procure.post('/api/companies', {
    data: {
      name: `Punchout Co ${tag}`,
      billingAddress: { name: 'Pat Procure', line1: '2 Park Row', city: 'Leeds', postalCode: 'LS1 5AA', country: 'United Kingdom' },
    },
  });
  expect(company.status(), await company.text()).toBe(201);
  companyId = ((await company.json()) as { id: string }).id;
  expect((await admin.patch(`/api/companies/${companyId}`, { data: { paymentTerms: 'net30' } })).status()).toBe(200);
  const member = user('punchout');
  const invited = Date.now();
  const invitation = await procure.post(`/api/companies/${companyId}/invitations`, { data: { email: member.email, role: 'buyer' } });
  expect(invitation.status(), await invitation.text()).toBe(201);
  const token = new URL(firstLink(await waitForMail(member.email, 'You are invited to a company account', invited))).pathname.split('/').pop();
  const memberApi = await api();
  expect((await memberApi.post('/api/auth/sign-in/email', { data: { email: member.email, password: PASSWORD } })).status()).toBe(200);
  const accepted = await memberApi.post(`/api/invitations/${token}/accept`);
  expect(accepted.status(), await accepted.text()).toBe(200);
  // Three parts of its own, one at a company price.
  products = [
    await addProduct(admin, { name: `PO Bolt ${tag}`, price: 1.5, availableQuantity: 5000, unspsc: '31161600' }),
    await addProduct(admin, { name: `PO Nut ${tag}`, price: 0.8, availableQuantity: 5000 }),
    await addProduct(admin, { name: `PO Washer ${tag}`, price: 0.4, availableQuantity: 5000 }),
  ];
  const price = await admin.put(`/api/companies/${companyId}/prices/${products[0]!._id}`, { data: { price: 1.2 } });
  expect(price.status(), await price.text()).toBe(200);
  const setup = await admin.put(`/api/companies/${companyId}/punchout`, {
    data: {
      protocol: 'cxml',
      fromIdentity: credentials.from,
      senderIdentity: credentials.sender,
      sharedSecret: credentials.secret,
      ociUsername: credentials.ociUsername,
      ociPassword: credentials.ociPassword,
      allowedReturnOrigins: [sim.url],
      memberEmail: member.email,
      systemName: 'Simulated Ariba',
    },
  });
  expect(setup.status(), await setup.text()).toBe(200);
});

test.afterAll(async () => {
  await Promise.all(contexts.map((c) => c.dispose()));
  await sim?.close();
});

/** In a punchout session's catalogue: the three parts, each added at its smallest order. */
async function fillCart(page: Page) {
  await page.goto(`/products?q=${encodeURIComponent(tag)}`);
  for (const p of products) {
    const form = page.getByRole('form', { name: `Add ${p.name} to cart` });
    await form.getByRole('button', { name: `Add to cart ${p.name}` }).click();
    await expect(form.getByRole('link', { name: 'View cart' })).toBeVisible();
  }
}

test('cXML: setup from the procurement system → catalogue at company prices, no Buy now, no dashboard → 3 parts → Return cart → the order it sends, with its PO number', async ({
  browser,
}) => {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await page.goto(sim.url);
  await page.getByRole('button', { name: 'Punch out with cXML' }).click();

  // Signed in for this punchout: the bar, the company's prices, no 'Buy now', no dashboard.
  await expect(page).toHaveURL(/\/products$/);
  await expect(page.getByRole('banner').getByRole('button', { name: 'Return cart to Simulated Ariba' })).toBeVisible();
  await checkA11y(page);
  await page.goto(`/products?q=${encodeURIComponent(tag)}`);
  const bolt = page.getByRole('article').filter({ hasText: products[0]!.name });
  await expect(bolt.getByText('$1.20', { exact: false })).toBeVisible();
  await expect(page.getByRole('link', { name: /^Buy now/ })).toHaveCount(0);
  // The dashboard is not part of a punchout (the server refuses its reads to such a session).
  await page.goto('/dashboard/myorders');
  await expect(page.getByRole('heading', { level: 1, name: 'Not part of punchout' })).toBeVisible();
  await fillCart(page);

  await page.goto('/cart');
  await expect(page.getByText(`Shopping for Punchout Co ${tag} from Simulated Ariba`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Checkout' })).toHaveCount(0);
  await checkA11y(page);
  await page.getByRole('main').getByRole('button', { name: 'Return cart to Simulated Ariba' }).click();

  // The simulator got the PunchOutOrderMessage: three lines at the company's prices.
  await expect(page).toHaveURL(new RegExp(`^${sim.url}/carts/\\d+$`));
  const lines = page.getByRole('table', { name: 'Returned lines' }).locator('tbody tr');
  await expect(lines).toHaveCount(3);
  await expect(lines.filter({ hasText: products[0]!.sku })).toContainText('USD 1.20');
  await expect(lines.filter({ hasText: products[0]!.sku })).toContainText('UNSPSC 31161600');
  await page.getByRole('button', { name: 'Send purchase order' }).click();
  const status = page.getByRole('status');
  await expect(status).toContainText('Status 200 OK');
  const po = (await status.locator('strong').first().textContent())!;
  expect(po).toMatch(/^PO-SIM-/);
  await expect(status).toContainText(/Order BP-\d{6} placed/);
  await context.close();

  // The order: in Manage All Order (the shop admin) and in the company's orders (its admin), with the PO number.
  const adminContext = await browser.newContext({ baseURL, storageState: stateOf('admin') });
  const adminPage = await adminContext.newPage();
  await adminPage.goto('/dashboard/manageallorder');
  await adminPage.getByLabel('Search orders').fill(po);
  await expect(adminPage.getByRole('row').filter({ hasText: `PO ${po}` })).toHaveCount(1);
  await adminContext.close();
  const procureContext = await browser.newContext({ baseURL, storageState: stateOf('procure') });
  const procurePage = await procureContext.newPage();
  await procurePage.goto('/dashboard/myorders?company=true');
  await expect(procurePage.getByText(`PO ${po}`).filter({ visible: true })).toHaveCount(1);
  await procureContext.close();
});

test('OCI: login posted from the procurement system → 3 parts → Return cart → the simulator shows the OCI lines', async ({ browser }) => {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await page.goto(sim.url);
  await page.getByRole('button', { name: 'Punch out with OCI' }).click();
  await expect(page).toHaveURL(/\/products$/);
  await fillCart(page);
  await page.goto('/cart');
  await page.getByRole('main').getByRole('button', { name: 'Return cart to Simulated Ariba' }).click();
  await expect(page).toHaveURL(new RegExp(`^${sim.url}/carts/\\d+$`));
  await expect(page.getByText('Protocol: OCI')).toBeVisible();
  const lines = page.getByRole('table', { name: 'Returned lines' }).locator('tbody tr');
  await expect(lines).toHaveCount(3);
  await expect(lines.filter({ hasText: products[0]!.sku })).toContainText('MATGROUP 31161600');
  await expect(lines.filter({ hasText: products[1]!.sku })).toContainText('USD 0.80');
  // The punchout sign-in ended with the cart: the shop no longer knows this browser.
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login$/);
  await context.close();
});
