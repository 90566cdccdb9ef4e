import { checkA11y, expect, test } from './support/fixtures';
import { fillShipTo, productNamed } from './support/shop';
import { signInAs } from './support/users';

/**
 * Shipping and delivery dates (issue 30): checkout lists the demo shop's shipping methods for the
 * cart's weight and the ship-to, each with its price and delivery dates, as one radio group; the
 * order placed with the parcel shows the method, its charge and the estimated delivery.
 */
test('checkout lists shipping options with prices and delivery dates, and the order shows the chosen method', async ({ page }) => {
  await signInAs(page, 'shipping');
  const nut = await productNamed(page.request, 'Hex Nut M10 A2');
  await page.request.delete('/api/cart');
  const added = await page.request.post('/api/cart/lines', { data: { lines: [{ sku: nut.sku, quantity: Math.max(nut.minimumOrderQuantity, 100) }] } });
  expect(added.status()).toBe(200);

  await page.goto('/checkout');
  await fillShipTo(page);
  const shipping = page.getByRole('group', { name: 'Shipping' });
  const parcel = shipping.getByRole('radio', { name: /Tracked parcel\s*(\$\d+\.\d{2}|Free)/ });
  await expect(parcel).toBeVisible();
  // Each option says when it arrives (its hint, read after its name).
  await expect(parcel).toHaveAccessibleDescription(/^Arrives \d{1,2} [A-Z][a-z]{2}( – \d{1,2} [A-Z][a-z]{2})?$/);
  await expect(shipping.getByRole('radio', { name: /Pick up at our depot\s*Free/ })).toHaveAccessibleDescription(/Pick up at 1 Industrial Way/);
  await expect(shipping.getByRole('radio', { name: /Pallet freight\s*\$289\.00|Pallet freight\s*\$149\.00/ })).toBeVisible();
  // Collect asks for the buyer's carrier account.
  await shipping.getByRole('radio', { name: /Collect on your carrier account/ }).check();
  await expect(page.getByLabel('Your carrier and account number')).toBeVisible();
  await checkA11y(page);
  await parcel.check();
  await expect(page.getByLabel('Your carrier and account number')).toHaveCount(0);
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page).toHaveURL(/\/dashboard\/payment\/[0-9a-f]{24}$/);
  const orderId = page.url().split('/').pop()!;

  await page.goto(`/dashboard/orders/${orderId}`);
  await expect(page.getByText(/^Tracked parcel · (\$\d+\.\d{2}|no charge)$/)).toBeVisible();
  await expect(page.getByText(/^Arrives \d{1,2} [A-Z][a-z]{2}/)).toBeVisible();
});
