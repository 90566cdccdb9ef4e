import type { Order } from '@bulkparts/shared';
import { checkA11y, expect, test } from './support/fixtures';
import { expectPdfDownload, pdfText } from './support/pdf';
import { uniqueEmail } from './support/admin-helpers';
import { firstLink, waitForMail } from './support/mailbox';
import { addProduct, adminContext, fitsThePhone, toastsSettled } from './support/shop';
import { contextAs, signInAs, user } from './support/users';

/**
 * Company accounts (issue 18): a company admin creates a company and invites a buyer and an
 * approver by mail (the buyer follows the mailed link), the shop grants Net 30 and a credit limit,
 * the company admin sets the buyer's limit to $100; the buyer checks out $250 on account, which
 * waits for approval; the approver approves, the order is invoiced with a due date (on the
 * invoice PDF); the shop admin records the bank transfer and ships it. The company pages are
 * checked with axe and at phone width.
 */

/** The path of the invitation link mailed to `email` after `since`. */
async function invitationPath(email: string, since: number): Promise<string> {
  const link = new URL(firstLink(await waitForMail(email, 'You are invited to a company account', since)));
  expect(link.pathname).toMatch(/^\/invitations\/[^/]+$/);
  return link.pathname;
}

test('a company buys on account: invitations by mail, a spending limit, approval, the invoice with its due date, paid and shipped', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const stamp = Date.now().toString(36).slice(-5);
  const companyName = `Acme Fixings ${stamp}`;
  const shop = await adminContext(browser, baseURL);
  // $2.50 a piece, at least 50: 100 pieces are the $250 order.
  const product = await addProduct(shop.request, { name: `Company Bolt ${stamp}`, price: 2.5, availableQuantity: 5000 });

  // The company admin creates the company from the dashboard.
  await signInAs(page, 'cora');
  await page.goto('/dashboard/company');
  await expect(page.getByRole('heading', { level: 1, name: 'Create a company' })).toBeVisible();
  const create = page.getByRole('form', { name: 'Create a company' });
  await create.getByLabel('Company name').fill(companyName);
  await create.getByLabel('Tax id (optional)').fill('GB123456789');
  await create.getByLabel('Name', { exact: true }).fill('Cora Admin');
  await create.getByLabel('Address line 1').fill('1 Mill Road');
  await create.getByLabel('Postal code').fill('LS1 4AB');
  await create.getByLabel('City').fill('Leeds');
  await create.getByLabel('Country').fill('United Kingdom');
  await create.getByRole('button', { name: 'Create company' }).click();
  await expect(page.getByRole('heading', { level: 1, name: companyName })).toBeVisible();
  // A company admin approves: the dashboard menu now offers Approvals.
  await expect(page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Approvals' })).toBeVisible();

  // It invites a buyer and an approver.
  const beaEmail = user('bea').email;
  const abeEmail = user('abe').email;
  const invited = Date.now();
  const invite = page.getByRole('form', { name: 'Invite a member' });
  for (const [email, role] of [
    [beaEmail, 'buyer'],
    [abeEmail, 'approver'],
  ] as const) {
    await invite.getByLabel('Email').fill(email);
    await invite.getByLabel('Role').selectOption(role);
    await invite.getByRole('button', { name: 'Send invitation' }).click();
    await expect(page.getByText(`Invitation sent to ${email}`)).toBeVisible();
  }
  await toastsSettled(page);
  await checkA11y(page);

  // The buyer follows the mailed link and accepts.
  const beaContext = await contextAs(browser, 'bea', baseURL);
  const bea = await beaContext.newPage();
  await bea.goto(await invitationPath(beaEmail, invited));
  await expect(bea.getByRole('heading', { name: `Join ${companyName}` })).toBeVisible();
  await expect(bea.getByText('Buyer', { exact: true })).toBeVisible();
  await checkA11y(bea);
  await bea.getByRole('button', { name: 'Accept invitation' }).click();
  await expect(bea).toHaveURL('/dashboard/company');
  await expect(bea.getByRole('heading', { level: 1, name: companyName })).toBeVisible();

  // The approver accepts through the same link.
  const abeContext = await contextAs(browser, 'abe', baseURL);
  const abe = await abeContext.newPage();
  const accepted = await abe.request.post(`/api${await invitationPath(abeEmail, invited)}/accept`);
  expect(accepted.status(), await accepted.text()).toBe(200);

  // The company admin sets the buyer's limit to $100.
  await page.reload();
  const members = page.getByRole('region', { name: 'Members' }).or(page.locator('section[aria-labelledby="members-title"]'));
  await members.getByRole('button', { name: 'Edit Bea Buyer' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Bea Buyer' });
  await edit.getByLabel('Spending limit per order ($)').fill('100');
  await checkA11y(page);
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toBeHidden();
  await expect(members.getByRole('row', { name: /Bea Buyer/ })).toContainText('$100.00 per order');

  // The shop grants Net 30 and a $1,000 credit limit.
  const shopPage = await shop.newPage();
  await shopPage.goto('/dashboard/companies');
  await shopPage.getByLabel('Search companies').fill(companyName);
  await shopPage.getByRole('button', { name: `Manage ${companyName}` }).click();
  const details = shopPage.getByRole('region', { name: 'Company details' });
  await expect(details.getByRole('heading', { name: companyName })).toBeVisible();
  await details.getByLabel('Payment terms').selectOption('net30');
  await details.getByLabel('Credit limit ($)').fill('1000');
  await details.getByRole('button', { name: 'Save terms' }).click();
  await expect(shopPage.getByText(`Terms of ${companyName} saved`)).toBeVisible();
  await toastsSettled(shopPage);
  await checkA11y(shopPage);

  // The buyer checks out $250 on account: above the limit, so it waits for approval.
  const line = await bea.request.put(`/api/cart/lines/${product._id}`, { data: { quantity: 100 } });
  expect(line.status(), await line.text()).toBe(200);
  await bea.goto('/checkout');
  await bea.getByLabel('Address line 1').fill('Unit 4, Dock Road');
  await bea.getByLabel('Postal code').fill('LS2 7AB');
  await bea.getByLabel('City').fill('Leeds');
  await bea.getByLabel('Country').fill('United Kingdom');
  await bea.getByLabel('PO number (optional)').fill(`PO-${stamp}`);
  await bea.getByLabel('Pay on account (Net 30)').check();
  await expect(bea.getByRole('region', { name: 'Order summary' })).toContainText('$250.00');
  // Issue 29: told before placing that it goes to an approver.
  await expect(bea.getByText('This order is above your $100.00 limit and will go to an approver')).toBeVisible();
  await checkA11y(bea);
  const ordered = Date.now();
  await bea.getByRole('button', { name: 'Place order' }).click();
  const waiting = bea.getByRole('heading', { name: /^Order BP-\d{6} is waiting for approval$/ });
  await expect(waiting).toBeVisible();
  const orderNumber = /BP-\d{6}/.exec((await waiting.textContent())!)![0];
  await checkA11y(bea);
  await bea.goto('/dashboard/myorders');
  const beaRow = bea.getByRole('row', { name: new RegExp(orderNumber) });
  await expect(beaRow.getByText(/awaiting approval/i)).toBeVisible();

  // The approver is mailed, and approves on a phone.
  await waitForMail(abeEmail, `Order ${orderNumber} by ${beaEmail} waits for your approval`, ordered);
  await abe.setViewportSize({ width: 375, height: 740 });
  await abe.goto('/dashboard/approvals');
  const queue = abe.locator('section[aria-labelledby="awaiting-title"]');
  const awaitingRow = queue.getByRole('row', { name: new RegExp(orderNumber) });
  await expect(awaitingRow).toContainText('$250.00');
  // Before deciding, the approver opens the order's lines, ship-to and note.
  const orderDetails = awaitingRow.getByRole('button', { name: /ship-to and note/ });
  await expect(orderDetails).toHaveAttribute('aria-expanded', 'false');
  await orderDetails.click();
  await expect(orderDetails).toHaveAttribute('aria-expanded', 'true');
  await expect(awaitingRow.getByRole('list', { name: `Lines of ${orderNumber}` })).toContainText(`${product.name}100 Ps × `);
  await expect(awaitingRow).toContainText('Unit 4, Dock Road');
  await fitsThePhone(abe);
  await checkA11y(abe);
  await awaitingRow.getByRole('button', { name: `Approve order ${orderNumber}` }).click();
  await expect(abe.getByText(`Order ${orderNumber} approved`)).toBeVisible();
  await expect(queue.getByText('No orders are waiting for approval.')).toBeVisible();

  // Approved on account: invoiced, due in 30 days; the invoice says so.
  const orders = (await (await bea.request.get(`/api/purchase?order=${encodeURIComponent(beaEmail)}&limit=5`)).json()) as Order[];
  const order = orders.find((o) => o.orderNumber === orderNumber)!;
  expect(order).toMatchObject({ status: 'invoiced', paymentMethod: 'account', total: 250 });
  const days = (Date.parse(order.dueDate!) - Date.parse(order.createdAt)) / 86_400_000;
  expect(days).toBeGreaterThanOrEqual(29.9);
  expect(days).toBeLessThanOrEqual(30.1);
  await bea.reload();
  await expect(beaRow.getByText(/invoiced/i)).toBeVisible();
  const text = pdfText(await expectPdfDownload(bea, beaRow.getByRole('link', { name: /^Invoice/ })));
  expect(text).toContain(`Due date: ${order.dueDate!.slice(0, 10)}`);
  expect(text).toContain(`PO number: PO-${stamp}`);
  expect(text).toContain(companyName);
  expect(text).toContain('VAT no.: GB123456789');

  // The shop admin records the bank transfer, then ships the order.
  await shopPage.goto('/dashboard/manageallorder');
  await shopPage.getByPlaceholder('Buyer email or product').fill(beaEmail);
  const adminRow = shopPage.getByRole('row', { name: new RegExp(beaEmail.replace(/\./g, '\\.')) });
  await expect(adminRow.getByText('Invoiced', { exact: true })).toBeVisible();
  await adminRow.getByRole('button', { name: /^Mark paid:/ }).click();
  const markPaid = shopPage.getByRole('dialog', { name: `Mark order ${orderNumber} paid` });
  await markPaid.getByLabel('Payment reference').fill(`BANK-${stamp}`);
  await checkA11y(shopPage);
  await markPaid.getByRole('button', { name: 'Mark paid' }).click();
  await expect(adminRow.getByText('Paid', { exact: true })).toBeVisible();
  await adminRow.getByRole('button', { name: /^shipped:/ }).click();
  const ship = shopPage.getByRole('dialog', { name: `Ship order ${orderNumber}` });
  await ship.getByRole('button', { name: 'Mark shipped' }).click();
  await expect(adminRow.getByText('Shipped', { exact: true })).toBeVisible();
  const shipped = (await (await bea.request.get(`/api/purchase/${order._id}`)).json()) as Order;
  expect(shipped).toMatchObject({ status: 'shipped', paid: true });

  // The company page on a phone.
  await page.setViewportSize({ width: 375, height: 740 });
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: companyName })).toBeVisible();
  await fitsThePhone(page);
  await checkA11y(page);

  await Promise.all([shop.close(), beaContext.close(), abeContext.close()]);
});

test('an invitee without an account signs up from the invitation page (the address filled in), confirms, signs in, comes back and accepts; the link then works no more', async ({
  page,
  browser,
  baseURL,
}) => {
  const stamp = Date.now().toString(36).slice(-5);
  const companyName = `Newcomer Tools ${stamp}`;
  const adminContextOfCompany = await contextAs(browser, 'cora2', baseURL);
  const cora = adminContextOfCompany.request;
  const created = await cora.post('/api/companies', {
    data: { name: companyName, billingAddress: { name: 'Cora Admin', line1: '1 Mill Road', city: 'Leeds', postalCode: 'LS1 4AB', country: 'United Kingdom' } },
  });
  expect(created.status(), await created.text()).toBe(201);
  const company = (await created.json()) as { id: string };
  const email = uniqueEmail('newcomer');
  const invited = Date.now();
  const invitation = await cora.post(`/api/companies/${company.id}/invitations`, { data: { email, role: 'approver' } });
  expect(invitation.status(), await invitation.text()).toBe(201);
  const path = await invitationPath(email, invited);
  await adminContextOfCompany.close();
  // Issue 33: the mail names the company and who invites.
  expect((await waitForMail(email, 'You are invited to a company account', invited)).text).toContain(
    `Cora Admin invites you to buy for ${companyName} on bulkparts`,
  );

  // Signed out, on a phone: the page names the company, the role and the address, and offers both ways in.
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto(path);
  await expect(page.getByRole('heading', { name: `Join ${companyName}` })).toBeVisible();
  await expect(page.getByText('Approver', { exact: true })).toBeVisible();
  await expect(page.getByRole('definition').filter({ hasText: email })).toBeVisible();
  await fitsThePhone(page);
  await checkA11y(page);
  // Issue 33: the invited address is filled in, and the confirmation leads back here through sign-in.
  await page.getByRole('link', { name: 'Create an account' }).click();
  await expect(page).toHaveURL(`/signup?email=${encodeURIComponent(email)}`);
  await expect(page.getByLabel('Email')).toHaveValue(email);
  await page.getByLabel('Name').fill('Nia Newcomer');
  await page.getByLabel('Password').fill('correct-horse-9');
  const signedUp = Date.now();
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page.getByRole('status').filter({ hasText: `We sent a link to ${email}` })).toBeVisible();
  await page.goto(firstLink(await waitForMail(email, 'Confirm your email', signedUp)));
  await expect(page.getByRole('heading', { name: 'Email confirmed' })).toBeVisible();
  await page.getByRole('link', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('correct-horse-9');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(path);
  await page.getByRole('button', { name: 'Accept invitation' }).click();
  await expect(page).toHaveURL('/dashboard/company');
  await expect(page.getByRole('heading', { level: 1, name: companyName })).toBeVisible();
  await fitsThePhone(page);
  await checkA11y(page);

  // The token works once.
  await page.goto(path);
  await expect(page.getByRole('alert').filter({ hasText: 'This invitation has already been used' })).toBeVisible();
  await checkA11y(page);
});
