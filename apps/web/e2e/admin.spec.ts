import { checkA11y, expect, test } from './support/fixtures';
import { ADMIN_EMAIL } from './support/admin-helpers';
import { addProduct, placeOrder } from './support/shop';
import { contextAs, statePath, user } from './support/users';

// Signed in as the shop admin (global-setup.ts); the customers are made there too.
test.use({ storageState: statePath('admin') });

test('the admin sees the grouped admin menu, the inbox and the overview, and adds a product', async ({ page }) => {
  await page.goto('/dashboard');
  const menu = page.getByRole('navigation', { name: 'Dashboard' });
  // Issue 33: the inbox first, the menu grouped, the admin's own buying pages apart.
  await expect(menu.getByRole('heading')).toHaveText(['Dashboard', 'Catalogue', 'Orders', 'Customers', 'Integrations', 'Settings', 'My buying']);
  await expect(menu.getByRole('link')).toHaveText([
    'Inbox',
    'All Product',
    'Add Product',
    'Categories',
    'Import CSV',
    // Issue 31.
    'Warehouses',
    // Issue 30.
    'Shipping',
    'Tax rates',
    'Manage All Order',
    'Quotes',
    'Returns',
    'Companies',
    'Make Admin',
    'API Keys',
    'Webhooks',
    'Punchout Log',
    // Issue 30.
    'Seller details',
    'Terms of sale',
    'Privacy',
    'My Profile',
    'My Orders',
    'My Quotes',
    'Requisition lists',
    'Company',
    'Add Reviews',
  ]);
  await expect(page.getByRole('heading', { level: 1, name: 'Inbox' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Shop overview' })).toBeVisible();
  await expect(page.getByRole('img', { name: /Revenue and orders per day/ })).toBeVisible();

  await menu.getByRole('link', { name: 'Add Product' }).click();
  await page.getByLabel('SKU').fill(`e2e-fb-${Date.now().toString(36)}`);
  await page.getByLabel('Name').fill('A'.repeat(21));
  await page.getByLabel('Description').fill('Grade 8 flange bolt');
  await page.getByLabel('Price (per piece, $)').fill('0.35');
  await page.getByLabel('Minimum order quantity').fill('100');
  await page.getByLabel('Available quantity').fill('4000');
  // An image the shop itself serves: no outside host to resolve in CI.
  await page.getByLabel('Image URL').fill(new URL('/images/products/ball-bearing.svg', page.url()).href);
  await page.getByRole('button', { name: 'Add Product' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Name must be at most 20 characters' })).toBeVisible();
  await checkA11y(page);

  await page.getByLabel('Name').fill('E2E Flange Bolt');
  await page.getByRole('button', { name: 'Add Product' }).click();
  await expect(page.getByText('Successfully Add product')).toBeVisible();
  // The emptied form shows empty number fields, not NaN.
  for (const label of ['Price (per piece, $)', 'Minimum order quantity', 'Available quantity']) await expect(page.getByLabel(label)).toHaveValue('');
  const list = await (await page.request.get('/api/service?q=E2E%20Flange')).json();
  expect(list.map((p: { name: string }) => p.name)).toEqual(['E2E Flange Bolt']);

  await menu.getByRole('link', { name: 'All Product' }).click();
  await page.getByLabel('Search products').fill('E2E Flange');
  const row = page.getByRole('row', { name: /E2E Flange Bolt/ });
  await expect(row).toBeVisible();
  await row.getByRole('spinbutton', { name: 'Change stock of E2E Flange Bolt by' }).fill('-5000');
  await row.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('Stock cannot go below 0')).toBeVisible();
  await row.getByRole('spinbutton').fill('500');
  await row.getByRole('button', { name: 'Apply' }).click();
  // Issue 33: thousands separated in admin tables.
  await expect(row.getByRole('cell', { name: '4,500' })).toBeVisible();
});

test('the admin promotes a customer after a confirmation, takes it back, then refuses and accepts a removal', async ({ page }) => {
  const email = user('promote').email;
  const other = user('remove').email;

  await page.goto('/dashboard/makeadmin');
  // No actions on one's own row.
  await page.getByPlaceholder('Search by email or name').fill(ADMIN_EMAIL);
  const ownRow = page.getByRole('row', { name: new RegExp(ADMIN_EMAIL.replace(/\./g, '\\.')) });
  await expect(ownRow.getByText('(you)')).toBeVisible();
  await expect(ownRow.getByRole('button')).toHaveCount(0);

  await page.getByPlaceholder('Search by email or name').fill(email);
  const row = page.getByRole('row', { name: new RegExp(email.replace(/\./g, '\\.')) });
  const confirm = page.getByRole('dialog', { name: 'Are you sure?' });
  const sent: string[] = [];
  page.on('request', (r) => r.url().includes('/api/user/admin/') && sent.push(r.method()));
  await row.getByRole('button', { name: `Make Admin: ${email}` }).click();
  await expect(confirm).toContainText(`Make ${email} an admin?`);
  await confirm.getByRole('button', { name: 'No' }).click();
  await expect(confirm).toBeHidden();
  expect(sent).toEqual([]);
  await expect(row.getByRole('button', { name: `Make Admin: ${email}` })).toBeVisible();
  await row.getByRole('button', { name: `Make Admin: ${email}` }).click();
  await confirm.getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByText('Successfully made an admin')).toBeVisible();
  await expect(row.getByText('admin', { exact: true })).toBeVisible();
  await expect(row.getByRole('button', { name: /Make Admin/ })).toHaveCount(0);

  await row.getByRole('button', { name: `Remove admin: ${email}` }).click();
  await expect(confirm).toContainText(`Remove admin rights from ${email}?`);
  await confirm.getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByText(`${email} is a customer now`)).toBeVisible();
  await expect(row.getByRole('button', { name: `Make Admin: ${email}` })).toBeVisible();
  expect(sent).toEqual(['PUT', 'DELETE']);

  await page.getByPlaceholder('Search by email or name').fill(other);
  const removeRow = page.getByRole('row', { name: new RegExp(other.replace(/\./g, '\\.')) });
  await removeRow.getByRole('button', { name: `Remove ${other}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Are you sure?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'No' }).click();
  await expect(dialog).toBeHidden();
  await expect(removeRow).toBeVisible();
  await removeRow.getByRole('button', { name: `Remove ${other}` }).click();
  await dialog.getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByText('Successfully Remove User')).toBeVisible();
  await expect(page.getByText('No users found.')).toBeVisible();
});

test('the admin exports the filtered orders to CSV', async ({ page }) => {
  await page.goto('/dashboard/manageallorder');
  await expect(page.getByRole('heading', { name: 'Manage All Order' })).toBeVisible();
  await page.getByLabel('Status').selectOption('shipped');
  // The link follows the filter once the page has re-rendered: wait for it (reading it at once raced the render).
  const exportLink = page.getByRole('link', { name: 'Export CSV' });
  await expect(exportLink).toHaveAttribute('href', '/api/purchase/export.csv?status=shipped');
  const href = await exportLink.getAttribute('href');
  const csv = await page.request.get(href!);
  expect(csv.headers()['content-type']).toContain('text/csv');
  expect((await csv.text()).split('\r\n')[0]).toBe(
    'Order,Date,Buyer email,Product,Quantity,Unit price,Total,Paid,Status,Invoice,Order number,Carrier,Tracking number,Line,SKU,Line total,PO number,Lines in order,Subtotal,Shipping,Tax,Line tax rule,Line tax rate,Line tax',
  );
});

test("the admin's inbox counts an order from placed to paid to shipped, and links to it; shipped, it is exported to CSV", async ({
  page,
  browser,
  baseURL,
}) => {
  const buyerContext = await contextAs(browser, 'shipper', baseURL);
  const buyer = buyerContext.request;
  const { email } = user('shipper');
  const product = await addProduct(page.request, { name: `Shipped ${Date.now().toString(36).slice(-5)}` });
  const order = await placeOrder(buyer, product._id, product.minimumOrderQuantity);
  const byBuyer = new RegExp(email.replace(/\./g, '\\.'));
  // Issue 33: each count of the inbox is the length of the list it links to (journeys side by side
  // move the shop's counts, so the page's figure is compared with that list's total, and the
  // order is looked for on it).
  const toShip = page.getByRole('link', { name: /^Orders to ship \d/ });
  const openToShip = async () => {
    await page.goto('/dashboard');
    await toShip.click();
    await expect(page).toHaveURL(/\/dashboard\/manageallorder\?status=paid$/);
    await expect(page.getByLabel('Status')).toHaveValue('paid');
    await page.getByPlaceholder('Buyer email or product').fill(email);
  };
  await openToShip();
  await expect(page.getByText('No orders found.')).toBeVisible();

  const paid = await buyer.post(`/api/purchase/${order._id}/pay`, {
    data: { cardNumber: '4242424242424242', expiry: '12/40', cvc: '123', name: 'Ship Buyer' },
  });
  expect(paid.ok(), await paid.text()).toBe(true);
  await buyerContext.close();
  await page.goto('/dashboard');
  await expect
    .poll(async () => {
      await page.reload();
      const shown = Number((await toShip.textContent())?.replace(/\D/g, ''));
      const total = Number((await page.request.get('/api/purchase?status=paid&limit=1')).headers()['x-total-count']);
      return shown === total && shown > 0;
    })
    .toBe(true);
  await openToShip();
  const row = page.getByRole('row', { name: byBuyer });
  await expect(row.getByText('Paid', { exact: true })).toBeVisible();
  await row.getByRole('button', { name: /^shipped:/ }).click();
  const ship = page.getByRole('dialog', { name: /^Ship order BP-\d{6}$/ });
  await ship.getByLabel('Carrier (optional)').fill('DHL');
  await ship.getByLabel('Tracking number (optional)').fill('JD014600001');
  await checkA11y(page);
  await ship.getByRole('button', { name: 'Mark shipped' }).click();
  // Shipped, it leaves the list of orders to ship.
  await expect(page.getByText('No orders found.')).toBeVisible();
  await page.getByLabel('Status').selectOption('');
  await expect(row.getByText('Shipped', { exact: true })).toBeVisible();
  await expect(row.getByText('DHL · JD014600001')).toBeVisible();
  await row.getByRole('button', { name: /^Mark delivered:/ }).click();
  await expect(row.getByText('Delivered', { exact: true })).toBeVisible();

  const href = await page.getByRole('link', { name: 'Export CSV' }).getAttribute('href');
  expect(href).toContain('q=');
  const csv = await page.request.get(href!);
  expect(csv.headers()['content-type']).toContain('text/csv');
  const text = await csv.text();
  expect(text.split('\r\n')[0]).toBe(
    'Order,Date,Buyer email,Product,Quantity,Unit price,Total,Paid,Status,Invoice,Order number,Carrier,Tracking number,Line,SKU,Line total,PO number,Lines in order,Subtotal,Shipping,Tax,Line tax rule,Line tax rate,Line tax',
  );
  expect(text).toContain(`${email},`);
  expect(text).toContain(',yes,delivered,');
  expect(text).toContain(`,${order.orderNumber},DHL,JD014600001`);

  // Issue 29: the order's page, from its number in the list, shows each step with who acted.
  await row.getByRole('link', { name: order.orderNumber }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Order ${order.orderNumber}` })).toBeVisible();
  const steps = page.getByRole('region', { name: 'Timeline' }).getByRole('listitem');
  await expect(steps).toHaveText([/^Placed .* by /, /^Paid .* by /, /^Shipped .* by .*Carrier: DHL · Tracking number: JD014600001$/, /^Delivered .* by /]);
});

test('the product editor sends only what changed and refuses a stock figure that moved since it opened', async ({ page }) => {
  const name = `Stock ${Date.now().toString(36).slice(-6)}`;
  const created = await page.request.post('/api/service', {
    data: {
      sku: `E2E-${name.replace(' ', '-')}`,
      name,
      description: 'Edited while sold',
      price: 1.5,
      minimumOrderQuantity: 50,
      availableQuantity: 500,
      img: '/images/products/ball-bearing.svg',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const product = await created.json();
  await page.goto('/dashboard/allproduct');
  await page.getByPlaceholder('Search products').fill(name);
  await page.getByRole('button', { name: `Edit ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: `Edit ${name}` });
  // Pieces sold (here: taken out) while the dialog is open.
  expect((await page.request.post(`/api/service/${product._id}/stock`, { data: { delta: -100 } })).ok()).toBe(true);
  await dialog.getByLabel('Available quantity').fill('600');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByRole('alert').filter({ hasText: 'Stock changed since you opened this product (now 400 Ps)' })).toBeVisible();
  expect((await (await page.request.get(`/api/service/${product._id}`)).json()).availableQuantity).toBe(400);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  // Reopened with today's figure, a change of the description alone leaves the stock as it is.
  await page.getByRole('button', { name: `Edit ${name}` }).click();
  await dialog.getByLabel('Description').fill('Edited again');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  expect(await (await page.request.get(`/api/service/${product._id}`)).json()).toMatchObject({ description: 'Edited again', availableQuantity: 400 });
});
