import { request as playwrightRequest, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { CLIENT_ROUTE_PATTERNS, type Product } from '@bulkparts/shared';
import { checkA11y, expect, test } from './support/fixtures';
import { addProduct, placeOrder } from './support/shop';
import { statePath, stateOf } from './support/users';

/**
 * One accessibility sweep (axe, serious and critical violations) over every page of
 * CLIENT_ROUTE_PATTERNS as the guest, a buyer and the admin see it, with its data loaded, and over
 * the dialogs those pages open. Journeys run axe only on states met nowhere else (a form with its
 * errors, a dialog or a drawer of their own, a phone layout, a status after an action).
 */

type Pattern = (typeof CLIENT_ROUTE_PATTERNS)[number];
type Role = 'guest' | 'buyer' | 'admin';

/** What a visit needs: a product, and the sweep buyer's order, requested quote and answered quote, a requisition list, a second product to compare. */
interface Data {
  product: Product;
  orderId: string;
  quoteId: string;
  answeredQuoteId: string;
  /** A company the sweep's company admin made (issue 32: its punchout setup page). */
  companyId: string;
  listId: string;
  otherProductId: string;
}

interface Visit {
  path: (d: Data) => string;
  /** Visible once the page has its data. */
  ready: (page: Page) => Locator;
  /** A dialog or other state opened from the page, checked as well; it leaves the page as it was. */
  then?: (page: Page) => Promise<void>;
  /** false: the page is another's under a second path (only that it renders is checked). */
  axe?: false;
  /** Issue 33: checked at a phone's size too (390×844), after the desktop's. */
  phone?: true;
}

const h1 = (name: string | RegExp) => (page: Page) => page.getByRole('heading', { level: 1, name });
const at = (path: string, ready: Visit['ready'], then?: Visit['then']): Visit => ({ path: () => path, ready, then });
/** The same visit, checked at a phone's size as well. */
const onPhoneToo = (visit: Visit): Visit => ({ ...visit, phone: true });
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 720 };

/** A confirmation or edit dialog opened by `button`, checked, then closed with `close`. */
const dialog = (button: (page: Page) => Locator, name: string | RegExp, close: string) => async (page: Page) => {
  await button(page).click();
  const open = page.getByRole('dialog', { name });
  await expect(open).toBeVisible();
  await checkA11y(page);
  await open.getByRole('button', { name: close, exact: true }).click();
  await expect(open).toBeHidden();
};

/**
 * Every page by role. A page the role may not see is swept where it shows: signed out, the
 * protected pages redirect to /login (swept once, see the guest test); a buyer gets 'Not allowed'
 * on the admin pages (swept once, on /dashboard/makeadmin). `/home` renders the same page as `/`.
 */
const SWEEP: Record<Pattern, Partial<Record<Role, Visit>>> = {
  '/': {
    guest: at('/', h1('bulkparts: industrial parts in bulk')),
    buyer: at('/', (p) => p.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'DASHBOARD' })),
  },
  // The home page under its second path: axe ran on it at '/'.
  '/home': { guest: { ...at('/home', (p) => p.getByRole('heading', { name: 'BEST SELLERS' })), axe: false } },
  '/products': {
    guest: at('/products', (p) => p.getByRole('main').getByRole('article').first()),
    // Issue 33: the dense list view.
    buyer: onPhoneToo(at('/products?view=list&limit=25', (p) => p.getByRole('table', { name: 'Products' }).getByRole('row').nth(1))),
  },
  '/blogs': {
    // Six questions that expand.
    guest: at('/blogs', h1('Blogs'), async (page) => {
      await expect(page.locator('details summary')).toHaveCount(6);
      await page.locator('details summary').nth(2).click();
      await expect(page.getByText(/hidden link to another object, its prototype/)).toBeVisible();
      await checkA11y(page);
    }),
  },
  '/myportfolio': {
    guest: at(
      '/myportfolio',
      (p) => p.getByRole('heading', { name: 'My Project' }),
      async (page) => {
        await page.getByRole('button', { name: 'Education Qualification' }).click();
        const modal = page.getByRole('dialog', { name: 'Education Qualification' });
        await expect(modal.locator('tbody tr')).toHaveCount(3);
        await checkA11y(page);
        await page.keyboard.press('Escape');
        await expect(modal).toBeHidden();
      },
    ),
  },
  '/contact': { guest: at('/contact', h1('Contact')) },
  '/about': { guest: at('/about', h1('About us')) },
  // Issue 33: compare, and the texts admins edit (the admin's 'Edit this page' form too).
  '/compare': {
    buyer: onPhoneToo({
      path: (d) => `/compare?ids=${d.product._id},${d.otherProductId}`,
      ready: (p) => p.getByRole('table', { name: 'Products side by side' }),
    }),
  },
  '/terms': {
    guest: onPhoneToo(at('/terms', h1('Terms of sale'))),
    admin: at('/terms', h1('Terms of sale'), async (page) => {
      await page.getByRole('button', { name: 'Edit this page' }).click();
      await expect(page.getByRole('form', { name: /^Edit / })).toBeVisible();
      await checkA11y(page);
      await page.getByRole('button', { name: 'Cancel' }).click();
    }),
  },
  '/privacy': { guest: onPhoneToo(at('/privacy', h1('Privacy'))) },
  '/login': { guest: at('/login', h1('Login')) },
  '/signup': { guest: onPhoneToo(at('/signup?email=invited%40example.com', h1('Sign Up'))) },
  '/reset': { guest: at('/reset', h1('Reset Password')) },
  // Without a token: the invalid-link state (the form itself: accounts.spec.ts's reset journey).
  '/reset-password': { guest: at('/reset-password', (p) => p.getByRole('alert').filter({ hasText: /invalid/ })) },
  '/verify-email': { guest: at('/verify-email?status=ok', h1('Email confirmed')) },
  '/editprofile': { buyer: at('/editprofile', (p) => p.getByRole('region', { name: 'Two-step sign-in' }).getByRole('button').first()) },
  '/productdetails/:id': {
    buyer: onPhoneToo({ path: (d) => `/productdetails/${d.product._id}`, ready: (p) => p.getByRole('form', { name: /^Add .* to a list$/ }) }),
    // Issue 33: the admin's documents section.
    admin: { path: (d) => `/productdetails/${d.product._id}`, ready: (p) => p.getByRole('form', { name: 'Upload a document' }) },
  },
  '/purchase/:id': { buyer: { path: (d) => `/purchase/${d.product._id}`, ready: (p) => p.getByText(/^Total:/) } },
  '/cart': {
    guest: at('/cart', (p) => p.getByText('Your cart is empty.')),
    // Issue 33: the cart as a table with its sticky summary, and its 'Save as list' dialog.
    buyer: onPhoneToo(
      at(
        '/cart',
        (p) => p.getByRole('table', { name: 'Cart lines' }).getByRole('row').nth(1),
        dialog((p) => p.getByRole('button', { name: 'Save as list' }), 'Save as a requisition list', 'Cancel'),
      ),
    ),
  },
  '/checkout': { buyer: at('/checkout', (p) => p.getByRole('region', { name: 'Order summary' })) },
  '/quick-order': { buyer: onPhoneToo(at('/quick-order', (p) => p.getByRole('table', { name: 'Quick order lines' }))) },
  '/quotes/new': { buyer: { path: (d) => `/quotes/new?productId=${d.product._id}&quantity=5000`, ready: (p) => p.getByRole('list', { name: 'Quote lines' }) } },
  '/quotes/:id': {
    buyer: { path: (d) => `/quotes/${d.quoteId}`, ready: (p) => p.getByRole('button', { name: 'Withdraw request' }) },
    // The admin's answer form.
    admin: { path: (d) => `/quotes/${d.quoteId}`, ready: (p) => p.getByRole('button', { name: 'Send answer' }) },
  },
  // Issue 29: the answered quote's checkout (locked lines, the checkout's fields).
  '/quotes/:id/checkout': {
    buyer: { path: (d) => `/quotes/${d.answeredQuoteId}/checkout`, ready: (p) => p.getByRole('button', { name: 'Place order' }) },
  },
  '/dashboard': {
    buyer: at('/dashboard', (p) => p.locator('#profile-title')),
    // Issue 33: the admin's dashboard opens on the inbox, above the overview.
    admin: onPhoneToo(at('/dashboard', (p) => p.getByRole('img', { name: /Revenue and orders per day/ }))),
  },
  '/dashboard/profile': { admin: at('/dashboard/profile', (p) => p.locator('#profile-title')) },
  '/dashboard/lists': { buyer: onPhoneToo(at('/dashboard/lists', (p) => p.getByRole('row').getByRole('link', { name: 'Sweep list' }).first())) },
  '/dashboard/lists/:id': {
    buyer: onPhoneToo({ path: (d) => `/dashboard/lists/${d.listId}`, ready: (p) => p.getByRole('table', { name: /^Lines of / }) }),
  },
  '/dashboard/addreviews': { buyer: at('/dashboard/addreviews', h1('Add a review')) },
  '/dashboard/myorders': {
    buyer: at(
      '/dashboard/myorders',
      (p) => p.getByRole('row').getByRole('link', { name: /^Pay/ }).first(),
      dialog(
        (p) =>
          p
            .getByRole('row')
            .getByRole('button', { name: /^Cancel/ })
            .first(),
        'Are you sure?',
        'No, keep it',
      ),
    ),
  },
  '/dashboard/myquotes': {
    buyer: at('/dashboard/myquotes', (p) =>
      p
        .getByRole('row')
        .getByRole('link', { name: /^Q-\d{6}$/ })
        .first(),
    ),
  },
  '/dashboard/quotes': {
    admin: at('/dashboard/quotes', (p) =>
      p
        .getByRole('row')
        .getByRole('link', { name: /^Q-\d{6}$/ })
        .first(),
    ),
  },
  '/dashboard/payment/:id': { buyer: { path: (d) => `/dashboard/payment/${d.orderId}`, ready: (p) => p.getByLabel('Card number') } },
  // Issue 29: the order's page with its lines and timeline.
  '/dashboard/orders/:id': {
    buyer: { path: (d) => `/dashboard/orders/${d.orderId}`, ready: (p) => p.getByRole('region', { name: 'Timeline' }).getByRole('listitem').first() },
  },
  '/dashboard/makeadmin': {
    buyer: at('/dashboard/makeadmin', h1('Not allowed')),
    admin: at('/dashboard/makeadmin', (p) =>
      p
        .getByRole('row')
        .getByRole('button', { name: /^Make Admin: / })
        .first(),
    ),
  },
  '/dashboard/addproduct': { admin: at('/dashboard/addproduct', h1('Add Product')) },
  '/dashboard/manageallorder': { admin: at('/dashboard/manageallorder', (p) => p.getByRole('row').getByRole('button').first()) },
  '/dashboard/allproduct': {
    admin: onPhoneToo(
      at(
        '/dashboard/allproduct',
        (p) =>
          p
            .getByRole('row')
            .getByRole('button', { name: /^Edit / })
            .first(),
        dialog(
          (p) =>
            p
              .getByRole('row')
              .getByRole('button', { name: /^Edit / })
              .first(),
          /^Edit /,
          'Cancel',
        ),
      ),
    ),
  },
  '/dashboard/categories': {
    admin: at(
      '/dashboard/categories',
      (p) =>
        p
          .getByRole('row')
          .getByRole('button', { name: /^Rename or move / })
          .first(),
      dialog(
        (p) =>
          p
            .getByRole('row')
            .getByRole('button', { name: /^Rename or move / })
            .first(),
        /^Edit /,
        'Cancel',
      ),
    ),
  },
  '/dashboard/import': { admin: at('/dashboard/import', h1('Import products')) },
  // A token that is no invitation (the real ones: companies.spec.ts, signed out and signed in).
  '/invitations/:token': { guest: at('/invitations/no-such-invitation', (p) => p.getByRole('alert')) },
  '/dashboard/company': { buyer: at('/dashboard/company', h1('Create a company')) },
  '/dashboard/approvals': { buyer: at('/dashboard/approvals', (p) => p.getByText('You do not belong to a company.')) },
  '/dashboard/companies': { admin: at('/dashboard/companies', (p) => p.getByLabel('Search companies')) },
  '/dashboard/api-keys': { admin: at('/dashboard/api-keys', (p) => p.getByRole('button', { name: 'Create key' })) },
  '/dashboard/webhooks': { admin: at('/dashboard/webhooks', (p) => p.getByRole('button', { name: 'Add endpoint' })) },
  // Issue 31: the warehouses (the default listed) and the carriers' tracking templates.
  '/dashboard/warehouses': { admin: at('/dashboard/warehouses', (p) => p.getByRole('button', { name: 'Save carriers' })) },
  // Issue 30: the seller's identity.
  '/dashboard/settings': { admin: onPhoneToo(at('/dashboard/settings', (p) => p.getByRole('button', { name: 'Save seller details' }))) },
  // Issue 30: the tax rates (the shop ships with the EU's and the UK's).
  '/dashboard/tax': { admin: at('/dashboard/tax', (p) => p.getByRole('button', { name: 'Save tax rates' })) },
  // Issue 30: the shipping methods (the demo shop's four).
  '/dashboard/shipping': { admin: onPhoneToo(at('/dashboard/shipping', (p) => p.getByRole('button', { name: 'Save shipping methods' }))) },
  // Issue 31: the returns list (its status filter is there with or without returns).
  '/dashboard/returns': { admin: at('/dashboard/returns', h1('Returns')) },
  // Issue 32: a company's punchout setup (none yet: the form to set it up) and the punchout log.
  '/dashboard/companies/:id/punchout': {
    admin: { path: (d) => `/dashboard/companies/${d.companyId}/punchout`, ready: (p) => p.getByRole('button', { name: 'Save punchout setup' }) },
  },
  '/dashboard/punchout': { admin: at('/dashboard/punchout', h1('Punchout log'), async (page) => await expect(page.getByLabel('Refusals only')).toBeVisible()) },
};

/** The sweep buyer's product, cart line, pending order, requested quote and a quote the admin answered. */
async function makeData(baseURL: string | undefined): Promise<Data> {
  const contexts: APIRequestContext[] = [];
  const as = async (who: 'admin' | 'sweep' | 'sweepco') => {
    const context = await playwrightRequest.newContext({ baseURL, storageState: stateOf(who) });
    contexts.push(context);
    return context;
  };
  try {
    const admin = await as('admin');
    const product = await addProduct(admin, {
      name: `Sweep Part ${Date.now().toString(36).slice(-5)}`,
      availableQuantity: 20000,
      brand: 'Acme',
      attributes: { Thread: 'M8' },
    });
    const buyer = await as('sweep');
    const order = await placeOrder(buyer, product._id, 50);
    const line = await buyer.put(`/api/cart/lines/${product._id}`, { data: { quantity: 100 } });
    expect(line.status(), await line.text()).toBe(200);
    const quote = await buyer.post('/api/quotes', { data: { lines: [{ productId: product._id, quantity: 5000 }] } });
    expect(quote.status(), await quote.text()).toBe(201);
    const asked = await buyer.post('/api/quotes', { data: { lines: [{ productId: product._id, quantity: 4000 }] } });
    expect(asked.status(), await asked.text()).toBe(201);
    const answeredQuoteId = ((await asked.json()) as { _id: string })._id;
    const validUntil = new Date(Date.now() + 7 * 86_400_000).toISOString();
    const answer = await admin.patch(`/api/quotes/${answeredQuoteId}`, { data: { lines: [{ productId: product._id, unitPrice: 0.5 }], validUntil } });
    expect(answer.status(), await answer.text()).toBe(200);
    // The sweep's company (made once; a later part finds it).
    const companyAdmin = await as('sweepco');
    const made = await companyAdmin.post('/api/companies', {
      data: {
        name: 'Sweep Company',
        billingAddress: { name: 'Sam Sweep', line1: '1 Mill Road', city: 'Leeds', postalCode: 'LS1 4AB', country: 'United Kingdom' },
      },
    });
    const company = made.status() === 201 ? made : await companyAdmin.get('/api/companies/me');
    expect(company.ok(), await company.text()).toBe(true);
    const companyId = ((await company.json()) as { id: string }).id;
    const list = await buyer.post('/api/lists', { data: { name: 'Sweep list', items: [{ productId: product._id, quantity: 100 }] } });
    expect(list.status(), await list.text()).toBe(201);
    const other = ((await (await buyer.get('/api/service?limit=1')).json()) as Product[])[0]!;
    return {
      product,
      orderId: order._id,
      quoteId: ((await quote.json()) as { _id: string })._id,
      answeredQuoteId,
      listId: ((await list.json()) as { _id: string })._id,
      otherProductId: other._id,
      companyId,
    };
  } finally {
    await Promise.all(contexts.map((c) => c.dispose()));
  }
}

/** The visits of a role, in CLIENT_ROUTE_PATTERNS order, in parts of at most six (tests the two workers share). */
function partsOf(role: Role): [Pattern, Visit][][] {
  const visits = CLIENT_ROUTE_PATTERNS.flatMap((pattern): [Pattern, Visit][] => {
    const visit = SWEEP[pattern][role];
    return visit ? [[pattern, visit]] : [];
  });
  const size = Math.ceil(visits.length / Math.ceil(visits.length / 6));
  return Array.from({ length: Math.ceil(visits.length / size) }, (_, i) => visits.slice(i * size, (i + 1) * size));
}

/**
 * The part's first page is loaded; the next ones are reached inside the loaded app, as its own
 * links do (the router follows `popstate`): a full load per page parsed the bundle and the
 * stylesheet again, a third of the sweep's browser time (ADR 0024). Each page is still checked
 * once its own data shows, and the app's first load is checked by every part.
 */
async function open(page: Page, path: string, first: boolean) {
  if (first) {
    await page.goto(path);
    // Checked at rest (the `reducedMotion` above): daisyUI's transitions are off.
    expect(await page.evaluate(() => window.matchMedia('(prefers-reduced-motion: reduce)').matches)).toBe(true);
    return;
  }
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await expect(page).toHaveURL(path);
}

async function sweep(page: Page, role: Role, visits: [Pattern, Visit][], data: Data) {
  for (const [i, [pattern, visit]] of visits.entries()) {
    await test.step(`${role} ${pattern}`, async () => {
      await open(page, visit.path(data), i === 0);
      await expect(visit.ready(page)).toBeVisible();
      if (visit.axe !== false) await checkA11y(page);
      await visit.then?.(page);
      if (visit.phone) {
        await page.setViewportSize(PHONE);
        await expect(visit.ready(page)).toBeVisible();
        await checkA11y(page);
        await page.setViewportSize(DESKTOP);
      }
    });
  }
}

/**
 * Pages are checked at rest. The sweep moves inside the loaded app, so a link that was active on
 * the page before (the top bar's) is still fading to its new colours when the next page's data
 * shows, and colour contrast measured mid-fade failed once in CI. daisyUI's transitions only run
 * under `prefers-reduced-motion: no-preference`, so with `reduce` every colour is final at once.
 */
test.use({ contextOptions: { reducedMotion: 'reduce' } });

test('every page is in the sweep', () => {
  expect(Object.keys(SWEEP).sort()).toEqual([...CLIENT_ROUTE_PATTERNS].sort());
  for (const pattern of CLIENT_ROUTE_PATTERNS) expect(Object.keys(SWEEP[pattern]).length, pattern).toBeGreaterThan(0);
});

test('as a guest: the 404 page, and the sign-in a protected page sends to', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByText('Try Search again or go to Home Page')).toBeVisible();
  await checkA11y(page);
  // A protected page signed out is the login page (swept below), with the way back kept.
  await page.goto('/dashboard/myorders');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Login' })).toBeVisible();
});

const guestParts = partsOf('guest');
for (const [i, visits] of guestParts.entries()) {
  test(`as a guest (${i + 1}/${guestParts.length}): ${visits.map(([p]) => p).join(' ')}`, async ({ page }) => {
    await sweep(page, 'guest', visits, {} as Data);
  });
}

test.describe('signed in', () => {
  for (const [role, who] of [
    ['buyer', 'sweep'],
    ['admin', 'admin'],
  ] as const) {
    test.describe(() => {
      test.use({ storageState: statePath(who) });
      const parts = partsOf(role);
      for (const [i, visits] of parts.entries()) {
        test(`as ${role === 'admin' ? 'the admin' : 'a buyer'} (${i + 1}/${parts.length}): ${visits.map(([p]) => p).join(' ')}`, async ({ page, baseURL }) => {
          await sweep(page, role, visits, await makeData(baseURL));
        });
      }
    });
  }
});
