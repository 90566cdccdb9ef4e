import { REVERSE_CHARGE_WORDING, type Product } from '@bulkparts/shared';
import { signUpViaApi, uniqueEmail } from './support/admin-helpers';
import { EU_SELLER, VALID_VAT_NUMBERS, euShopURL } from './support/e2e-env';
import { checkA11y, expect, test } from './support/fixtures';
import { expectPdfDownload, pdfText } from './support/pdf';
import { fillShipTo, productNamed, runTag } from './support/shop';

/**
 * EU reverse charge (issue 30, ADR 0034) on the EU seller's shop (support/eu-shop.ts: a German
 * seller whose VAT numbers are checked against a local stub). A buyer's company gives a French VAT
 * number the check finds valid; shipped within Germany its order carries German VAT, shipped to
 * France it is reverse-charged (rate 0), and the paid order's invoice names both VAT numbers and
 * the reverse-charge wording. Nobody else uses that shop: the demo catalogue's bolts are bought as
 * they are, and its one buyer is signed up here.
 */

test.use({ baseURL: euShopURL });

const BUYER_VAT = VALID_VAT_NUMBERS[0]!;
const LYON = { name: 'Rhea Reverse', line1: '12 Rue de la République', city: 'Lyon', postalCode: '69002', country: 'France' };

test('a reverse-charge invoice read as text shows both VAT numbers and the wording', async ({ page }) => {
  const tag = runTag();
  const companyName = `Boulons Lyon ${tag}`;
  await signUpViaApi(page.request, uniqueEmail('reverse'), LYON.name);

  await test.step('the company’s French VAT number is verified', async () => {
    await page.goto('/dashboard/company');
    const create = page.getByRole('form', { name: 'Create a company' });
    await create.getByLabel('Company name').fill(companyName);
    await create.getByLabel('Tax id (optional)').fill(BUYER_VAT);
    await create.getByLabel('Name', { exact: true }).fill(LYON.name);
    await create.getByLabel('Address line 1').fill(LYON.line1);
    await create.getByLabel('Postal code').fill(LYON.postalCode);
    await create.getByLabel('City').fill(LYON.city);
    await create.getByLabel('Country').fill(LYON.country);
    await create.getByRole('button', { name: 'Create company' }).click();
    await expect(page.getByRole('heading', { level: 1, name: companyName })).toBeVisible();
    const check = page.getByRole('definition').filter({ has: page.getByText('verified', { exact: true }) });
    await expect(check).toContainText(/Reference E2E\d+/);
    // The verified check's colours appear nowhere else (no other shop checks VAT numbers).
    await checkA11y(page);
  });

  const bolt: Product = await productNamed(page.request, 'Hex Bolt M8x40');
  const added = await page.request.post('/api/cart/lines', { data: { lines: [{ sku: bolt.sku, quantity: bolt.minimumOrderQuantity }] } });
  expect(added.status(), await added.text()).toBe(200);

  await test.step('checkout: German VAT at home, reverse charge to France', async () => {
    await page.goto('/checkout');
    await fillShipTo(page, { ...LYON, country: 'Germany' });
    const totals = page.getByRole('region', { name: 'Order total' });
    await expect(totals).toContainText('VAT 19%');
    await page.getByRole('group', { name: 'Shipping address' }).getByLabel('Country', { exact: true }).fill(LYON.country);
    await expect(totals.getByText('Reverse charge')).toBeVisible();
    await expect(totals).not.toContainText('VAT');
    await page.getByRole('button', { name: 'Place order' }).click();
  });

  await test.step('paid by card, its invoice names both VAT numbers and the wording', async () => {
    // The amount as the payment page asks for it (the order's total, the shipping charge included).
    const pay = page.getByRole('button', { name: /^Pay \$/ });
    const total = /\$[\d,]+\.\d{2}/.exec((await pay.textContent()) ?? '')?.[0];
    expect(total).toBeDefined();
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByLabel('Expiry').fill('12/34');
    await page.getByLabel('CVC').fill('123');
    await pay.click();
    const paid = page.getByRole('region', { name: 'Paid' });
    await expect(paid).toBeVisible();
    const invoice = pdfText(await expectPdfDownload(page, paid.getByRole('link', { name: 'Invoice' }))).replace(/\s*\n\s*/g, ' ');
    expect(invoice).toContain(`VAT/Tax no.: ${EU_SELLER.vatNumber}`);
    expect(invoice).toContain(`VAT no.: ${BUYER_VAT}`);
    expect(invoice).toContain(REVERSE_CHARGE_WORDING);
    expect(invoice).toContain('RC 0%');
    expect(invoice).toContain(`Total paid: ${total}`);
  });
});
