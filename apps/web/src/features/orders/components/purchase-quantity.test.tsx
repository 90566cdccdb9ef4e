import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Product } from '@bulkparts/shared';
import { renderWithApi, resetFakeApi, serveApi } from '@/test/fake-api';
import { PurchaseForm } from './purchase-form';

/**
 * The purchase form's quantity rules as a buyer meets them (moved here from the browser journeys,
 * which re-checked what the shared rule and the API tests already prove): one wording for the
 * minimum order, digits only, and no total for a quantity that is refused.
 */
afterEach(resetFakeApi);

/** The checkout's details (issue 29) are drawn by the page; here they start complete, so only the quantity decides. */
const shippingAddress = { company: '', name: 'Jo Buyer', line1: '1 Mill Lane', line2: '', city: 'Leeds', postalCode: 'LS1 1AA', country: 'UK', phone: '' };
const details = { defaultDetails: { poNumber: '', note: '', paymentMethod: 'card' as const, shippingAddress }, details: () => null };

// The demo catalogue's Hex Bolt M8x40: at least 100 pieces, $0.18 a piece.
const bolt: Product = {
  _id: 'p1',
  sku: 'HB-M8X40',
  name: 'Hex Bolt M8x40',
  description: 'Zinc plated',
  brand: 'Norfast',
  category: null,
  attributes: {},
  price: 0.18,
  minimumOrderQuantity: 100,
  availableQuantity: 25000,
  img: '',
  images: [],
  archived: false,
  priceTiers: [],
  orderMultiple: 1,
  lowStockThreshold: null,
  backorder: { allowed: false, leadTimeDays: null, nextRestockDate: null },
  unspsc: null,
  weightKg: null,
};

const total = () => screen.getByText(/^Total:/).textContent;

describe('PurchaseForm: the quantity', () => {
  it('says the minimum order in one voice, with an icon rather than an emoji, and shows no total for a refused quantity', async () => {
    const sent = serveApi(() => undefined);
    const user = userEvent.setup({ delay: null });
    renderWithApi(<PurchaseForm product={bolt} email="min@example.com" onPurchased={vi.fn()} {...details} />);
    const quantity = screen.getByLabelText('Quantity') as HTMLInputElement;
    expect(quantity.value).toBe('100');
    expect(total()).toBe('Total: $18.00');

    for (const typed of ['49', '50', '99']) {
      await user.clear(quantity);
      await user.type(quantity, typed);
      await user.click(screen.getByRole('button', { name: 'Purchase' }));
      const alert = await screen.findByRole('alert');
      expect(alert.textContent).toBe('Minimum order 100 ps');
      expect(alert.textContent).not.toContain('❌');
      expect(alert.querySelectorAll('svg[aria-hidden="true"]')).toHaveLength(1);
      expect(quantity.getAttribute('aria-invalid')).toBe('true');
      expect(total()).toBe('Total: —');
    }

    // Digits only: an exponent is no quantity.
    await user.clear(quantity);
    await user.type(quantity, '1e3');
    expect(total()).toBe('Total: —');
    await user.click(screen.getByRole('button', { name: 'Purchase' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Quantity must be a whole number of pieces');

    await user.clear(quantity);
    await user.type(quantity, '150');
    expect(total()).toBe('Total: $27.00');
    expect(sent).toEqual([]);
  });

  it('refuses a quantity off the pack multiple on the field, with no total, and totals one on it', async () => {
    const sent = serveApi(() => undefined);
    const user = userEvent.setup({ delay: null });
    renderWithApi(
      <PurchaseForm
        product={{ ...bolt, price: 0.4, minimumOrderQuantity: 60, availableQuantity: 2000, orderMultiple: 25 }}
        email="pk@example.com"
        onPurchased={vi.fn()}
        {...details}
      />,
    );
    const quantity = screen.getByLabelText('Quantity') as HTMLInputElement;
    // The smallest order is the minimum rounded up to the multiple.
    expect(quantity.value).toBe('75');
    await user.clear(quantity);
    await user.type(quantity, '110');
    await user.click(screen.getByRole('button', { name: 'Purchase' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Order in multiples of 25 Ps');
    expect(quantity.getAttribute('aria-invalid')).toBe('true');
    expect(total()).toBe('Total: —');
    await user.clear(quantity);
    await user.type(quantity, '125');
    expect(total()).toBe('Total: $50.00');
    expect(sent).toEqual([]);
  });
});
