import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { IDEMPOTENCY_KEY_HEADER, type Order, type Product } from '@bulkparts/shared';
import { apiError, findAlert, formAlerts, renderWithApi, resetFakeApi, serveApi, toastType, writes } from '@/test/fake-api';
import { CardPaymentForm } from './card-payment-form';
import { PurchaseForm } from './purchase-form';

afterEach(resetFakeApi);

/** The checkout's details (issue 29) are drawn by the page; here they start complete, so only the quantity decides. */
const shippingAddress = { company: '', name: 'Jo Buyer', line1: '1 Mill Lane', line2: '', city: 'Leeds', postalCode: 'LS1 1AA', country: 'UK', phone: '' };
const details = { defaultDetails: { poNumber: '', note: '', paymentMethod: 'card' as const, shippingAddress }, details: () => null };

const product: Product = {
  _id: 'p1',
  sku: 'HB-M8',
  name: 'M8 hex bolt',
  description: 'Zinc plated',
  brand: 'Norfast',
  category: null,
  attributes: {},
  price: 2.45,
  minimumOrderQuantity: 100,
  availableQuantity: 5000,
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

describe('PurchaseForm (built from the form kit)', () => {
  it('shows the price with the money helper and the quantity with its hint; the shared rule’s message is announced', async () => {
    const sent = serveApi(() => undefined);
    const user = userEvent.setup({ delay: null });
    renderWithApi(<PurchaseForm product={product} email="jo@example.com" onPurchased={vi.fn()} {...details} />);
    expect((screen.getByLabelText('Price per piece') as HTMLInputElement).value).toBe('$2.45');
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('jo@example.com');
    const quantity = screen.getByLabelText('Quantity');
    expect(quantity.id).toBe('purchase-quantity');
    expect(quantity.getAttribute('aria-describedby')).toBe('purchase-quantity-hint');
    expect(screen.getByText('Total:').textContent).toBe('Total: $245.00');

    await user.clear(quantity);
    await user.type(quantity, '60');
    await user.click(screen.getByRole('button', { name: 'Purchase' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Minimum order 100 ps');
    expect(quantity.getAttribute('aria-invalid')).toBe('true');
    expect(quantity.getAttribute('aria-describedby')).toBe('purchase-quantity-error purchase-quantity-hint');
    expect(sent).toEqual([]);
  });

  it('puts the server’s quantity message under the field, focuses it, and toasts the message', async () => {
    const keys: (string | null)[] = [];
    const sent = serveApi((req, init) => {
      if (req.method !== 'POST' || req.url !== '/api/purchase') return undefined;
      keys.push(new Headers(init?.headers).get(IDEMPOTENCY_KEY_HEADER));
      return apiError(409, 'STOCK', 'Not enough stock', { quantity: 'Only 50 Ps left' });
    });
    const user = userEvent.setup({ delay: null });
    renderWithApi(<PurchaseForm product={product} email="jo@example.com" onPurchased={vi.fn()} {...details} />);
    await user.click(screen.getByRole('button', { name: 'Purchase' }));
    await waitFor(() => expect(formAlerts().map((a) => a.textContent)).toEqual(['Only 50 Ps left']));
    expect(writes(sent)).toEqual([
      {
        method: 'POST',
        url: '/api/purchase',
        body: {
          productId: 'p1',
          quantity: 100,
          shippingAddress: { name: 'Jo Buyer', line1: '1 Mill Lane', city: 'Leeds', postalCode: 'LS1 1AA', country: 'UK' },
          paymentMethod: 'card',
          fulfilment: 'ship_as_available', // issue 31: the default way an order ships
        },
      },
    ]);
    // The form's key, in its header.
    expect(keys).toEqual([expect.stringMatching(/^[0-9a-f-]{36}$/)]);
    expect(document.activeElement).toBe(screen.getByLabelText('Quantity'));
    expect(toastType(await findAlert('Not enough stock'))).toBe('error');
  });

  it('prices the typed quantity by its tier: price per piece, the reached row and the total follow (issue 17)', async () => {
    const user = userEvent.setup({ delay: null });
    const tiered = {
      ...product,
      price: 0.18,
      minimumOrderQuantity: 50,
      priceTiers: [
        { minQuantity: 200, price: 0.15 },
        { minQuantity: 500, price: 0.12 },
      ],
    };
    serveApi(() => undefined);
    renderWithApi(<PurchaseForm product={tiered} email="jo@example.com" onPurchased={vi.fn()} {...details} />);
    const quantity = screen.getByLabelText('Quantity');
    const price = screen.getByLabelText('Price per piece') as HTMLInputElement;
    const reachedRow = () => screen.getByRole('table', { name: 'Quantity prices' }).querySelector('tr[aria-current="true"] th')?.textContent;
    for (const [typed, unit, row, total] of [
      ['199', '$0.18', '50 Ps', '$35.82'],
      ['200', '$0.15', '200 Ps', '$30.00'],
      ['500', '$0.12', '500 Ps', '$60.00'],
    ] as const) {
      await user.clear(quantity);
      await user.type(quantity, typed);
      expect(price.value).toBe(unit);
      expect(reachedRow()).toBe(row);
      expect(screen.getByText('Total:').textContent).toBe(`Total: ${total}`);
    }
  });

  it('names the pack multiple in the hint and refuses another quantity in the shared rule’s words', async () => {
    const sent = serveApi(() => undefined);
    const user = userEvent.setup({ delay: null });
    renderWithApi(
      <PurchaseForm product={{ ...product, orderMultiple: 25, minimumOrderQuantity: 60 }} email="jo@example.com" onPurchased={vi.fn()} {...details} />,
    );
    const quantity = screen.getByLabelText('Quantity') as HTMLInputElement;
    expect(quantity.value).toBe('75');
    expect(screen.getByText(/in multiples of 25/).textContent).toBe('75 to 1,000 pieces in multiples of 25, digits only');
    await user.clear(quantity);
    await user.type(quantity, '110');
    await user.click(screen.getByRole('button', { name: 'Purchase' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Order in multiples of 25 Ps');
    expect(screen.getByText('Total:').textContent).toBe('Total: —');
    expect(sent).toEqual([]);
  });
});

describe('CardPaymentForm (built from the form kit)', () => {
  const order = { _id: 'o1', total: 245 } as Order;
  async function pay(user: ReturnType<typeof userEvent.setup>) {
    await user.type(screen.getByLabelText('Card number'), '4000000000000002');
    await user.type(screen.getByLabelText('Expiry'), '12/34');
    await user.type(screen.getByLabelText('CVC'), '123');
    await user.click(screen.getByRole('button', { name: 'Pay $245.00' }));
  }

  it('says a decline in the form-level panel (no card field matched) and clears the number', async () => {
    serveApi((req) => (req.url === '/api/purchase/o1/pay' ? apiError(402, 'CARD_DECLINED', 'Your card was declined.') : undefined));
    const user = userEvent.setup({ delay: null });
    renderWithApi(<CardPaymentForm order={order} />);
    await pay(user);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Your card was declined.');
    expect(alert.className).toContain('bg-red-50');
    await waitFor(() => expect((screen.getByLabelText('Card number') as HTMLInputElement).value).toBe(''));
  });

  it('puts a card field’s server message under that field only, with no panel', async () => {
    serveApi((req) =>
      req.url === '/api/purchase/o1/pay' ? apiError(400, 'VALIDATION', 'Check the card', { cvc: 'CVC must be 3 or 4 digits', orderId: 'Unknown' }) : undefined,
    );
    const user = userEvent.setup({ delay: null });
    renderWithApi(<CardPaymentForm order={order} />);
    await pay(user);
    const alerts = await screen.findAllByRole('alert');
    expect(alerts.map((a) => a.textContent)).toEqual(['CVC must be 3 or 4 digits']);
    expect(screen.getByLabelText('CVC').getAttribute('aria-invalid')).toBe('true');
  });
});
