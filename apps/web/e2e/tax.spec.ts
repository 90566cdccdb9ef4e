import type { Company, Order, TaxRateAnswer } from '@bulkparts/shared';
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { expectPdfDownload, pdfText } from './support/pdf';
import { addProduct, adminContext, fillShipTo, runTag, SHIP_TO } from './support/shop';
import { signInAs } from './support/users';

/**
 * Tax (issue 30): the shop's seller is in the US (the default `SELLER_COUNTRY`). The shop admin
 * sets California's sales tax at /api/tax/rates (the whole set, the shipped EU and UK rates kept);
 * at checkout a UK ship-to is an export (no tax) and a Californian one is taxed at 7.25%, the total
 * changing as the country is typed; a company with an exemption certificate for California sees no
 * tax, and its company page names the certificate.
 */

async function cartWith(page: Page, sku: string, quantity: number) {
  const res = await page.request.post('/api/cart/lines', { data: { lines: [{ sku, quantity }] } });
  expect(res.status(), await res.text()).toBe(200);
}

async function shipToCalifornia(page: Page) {
  const shipTo = page.getByRole('group', { name: 'Shipping address' });
  await shipTo.getByLabel('Country', { exact: true }).fill('United States');
  await shipTo.getByLabel('State / region (optional)').fill('CA');
}

test('checkout: the ship-to changes the tax; an exempt company sees none', async ({ page, browser, baseURL }) => {
  const tag = runTag();
  const shop = await adminContext(browser, baseURL);
  // $2.00 a piece: 100 pieces are $200.00 before tax.
  const product = await addProduct(shop.request, { name: `Tax Bolt ${tag}`, price: 2, availableQuantity: 5000 });
  const { rates } = (await (await shop.request.get('/api/tax/rates')).json()) as { rates: TaxRateAnswer[] };
  const kept = rates.filter((r) => !(r.country === 'US' && r.region === 'CA'));
  const put = await shop.request.put('/api/tax/rates', {
    data: { rates: [...kept, { country: 'US', region: 'CA', taxClass: 'standard', rate: 7.25, name: 'CA sales tax' }] },
  });
  expect(put.status(), await put.text()).toBe(200);

  await test.step('the ship-to country changes the tax', async () => {
    await signInAs(page, 'taxer');
    await cartWith(page, product.sku, 100);
    await page.goto('/checkout');
    await fillShipTo(page, SHIP_TO);
    const totals = page.getByRole('region', { name: 'Order total' });
    await expect(totals.getByText('Export')).toBeVisible();
    await expect(totals.getByTestId('order-total')).toHaveText('$200.00');
    await expect(totals).toContainText('Prices exclude tax');
    await shipToCalifornia(page);
    await expect(totals.getByTestId('order-total')).toHaveText('$214.50');
    await expect(totals).toContainText('CA sales tax');
    await page.getByRole('button', { name: 'Place order' }).click();
    // A card order goes to its payment page, for the same total.
    await expect(
      page
        .getByRole('button', { name: /Pay \$214\.50/ })
        .or(page.getByRole('link', { name: /Pay \$214\.50/ }))
        .first(),
    ).toBeVisible();
  });

  await test.step('an exempt company sees no tax', async () => {
    await page.context().clearCookies();
    await signInAs(page, 'exempt');
    const created = await page.request.post('/api/companies', {
      data: { name: `Exempt Fixings ${tag}`, billingAddress: { ...SHIP_TO, country: 'United States', region: 'CA' } },
    });
    expect(created.status(), await created.text()).toBe(201);
    const company = (await created.json()) as Company;
    const patched = await shop.request.patch(`/api/companies/${company.id}`, {
      data: { taxExemption: { certificateNumber: `EX-${tag}`, country: 'US', region: 'CA', expiresOn: '2099-12-31' } },
    });
    expect(patched.status(), await patched.text()).toBe(200);
    await cartWith(page, product.sku, 100);
    await page.goto('/checkout');
    await fillShipTo(page, SHIP_TO);
    await shipToCalifornia(page);
    const totals = page.getByRole('region', { name: 'Order total' });
    await expect(totals.getByText('Exempt')).toBeVisible();
    await expect(totals.getByTestId('order-total')).toHaveText('$200.00');
    await page.goto('/dashboard/company');
    await expect(page.getByText(`Certificate EX-${tag} for US-CA`)).toBeVisible();

    // Ordered and paid, its invoice charges no tax and names the certificate.
    const placed = await page.request.post('/api/cart/checkout', {
      data: { shippingAddress: { ...SHIP_TO, country: 'United States', region: 'CA' }, paymentMethod: 'card' },
    });
    expect(placed.status(), await placed.text()).toBe(201);
    const order = (await placed.json()) as Order;
    expect(order.totals?.taxTotal).toBe(0);
    await page.goto(`/dashboard/payment/${order._id}`);
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByLabel('Expiry').fill('12/34');
    await page.getByLabel('CVC').fill('123');
    await page.getByRole('button', { name: /^Pay \$/ }).click();
    const paid = page.getByRole('region', { name: 'Paid' });
    await expect(paid).toBeVisible();
    const invoice = pdfText(await expectPdfDownload(page, paid.getByRole('link', { name: 'Invoice' }))).replace(/\s*\n\s*/g, ' ');
    expect(invoice).toContain(`Exempt from tax: exemption certificate EX-${tag}`);
    expect(invoice).toContain(`Total paid: $${order.total.toFixed(2)}`);
  });
  await shop.close();
});
