import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  CART_MESSAGES,
  IDEMPOTENCY_KEY_HEADER,
  NO_BACKORDERS,
  type Company,
  type CompanyAddress,
  type Order,
  type StoredShippingAddress,
} from '@bulkparts/shared';
import { MemoryRouter } from 'react-router';
import { apiError, findAlert, formAlerts, json, renderWithApi, resetFakeApi, serveApi, toastType, writes, type SentRequest } from '@/test/fake-api';
import { CheckoutForm, placedOrderPath } from './checkout-form';

/**
 * The shop the form talks to: its answers to checkout (`checkoutAnswers`, in turn, with the
 * idempotency key of each recorded), the shipping options (issue 30: none unless a test sets
 * them, so the other tests see no shipping radios; not left pending, since a checkout's answer
 * waits for the cart's reads, these included, to be read again) and the ship-to's tax context (a
 * German seller: Germany at 19%, elsewhere an export).
 */
let checkoutAnswers: Response[] = [];
let shippingOptions: unknown[] = [];
let keys: (string | null)[] = [];
let sent: SentRequest[] = [];
beforeEach(() => {
  onAlreadyOrdered.mockClear();
  checkoutAnswers = [];
  shippingOptions = [];
  keys = [];
  sent = serveApi((req, init) => {
    const url = new URL(req.url, 'http://shop.test');
    if (url.pathname === '/api/cart/shipping-options') return json(shippingOptions);
    if (url.pathname === '/api/tax/context') {
      const country = url.searchParams.get('country') ?? '';
      return json({
        sellerCountry: 'DE',
        sellerVatNumber: null,
        destination: country ? { country, region: url.searchParams.get('region') } : null,
        buyer: null,
        rates: [{ country: 'DE', region: null, taxClass: 'standard', rateBp: 1900, name: 'VAT 19%' }],
        today: '2026-11-28',
      });
    }
    if (req.method === 'POST' && url.pathname === '/api/cart/checkout') {
      keys.push(new Headers(init?.headers).get(IDEMPOTENCY_KEY_HEADER));
      return checkoutAnswers.shift();
    }
  });
});
afterEach(resetFakeApi);

/** The checkouts the form sent: each POST's body. */
const checkouts = () => writes(sent).map((r) => (r.url === '/api/cart/checkout' ? r.body : r));

const address: StoredShippingAddress = { name: 'Jo Buyer', line1: '1 Mill Lane', city: 'Leeds', postalCode: 'LS1 1AA', country: 'United Kingdom' };

const company: Company = {
  id: 'c1',
  name: 'Acme Fasteners',
  taxId: 'GB123',
  billingAddress: address,
  paymentTerms: 'net30',
  creditLimit: 1000,
  creditUsed: 850.5,
  discountPercent: null,
  createdAt: '2026-11-01T10:00:00.000Z',
  myRole: 'buyer',
  mySpendingLimit: null,
  memberCount: 3,
};

const order = (status: Order['status']) => ({ _id: 'o1', orderNumber: 'BP-000042', status }) as Order;

const onAlreadyOrdered = vi.fn();

function renderForm(props: Partial<Parameters<typeof CheckoutForm>[0]> = {}) {
  const onPlaced = vi.fn();
  renderWithApi(
    <MemoryRouter>
      <CheckoutForm
        address={address}
        buyerName="Jo Buyer"
        blocked={false}
        onPlaced={onPlaced}
        onAlreadyOrdered={onAlreadyOrdered}
        lines={[{ unitPrice: 1.2, quantity: 100, availableQuantity: 100_000, backorder: NO_BACKORDERS }]}
        {...props}
      />
    </MemoryRouter>,
  );
  return onPlaced;
}

const placeOrder = () => userEvent.click(screen.getByRole('button', { name: 'Place order' }));

describe('CheckoutForm: paying on terms (issue 18)', () => {
  it('offers no payment choice without a company on terms, and sends card', async () => {
    checkoutAnswers.push(json(order('pending'), 201));
    const onPlaced = renderForm({ company: { ...company, paymentTerms: null } });
    expect(screen.queryByRole('group', { name: 'Payment' })).toBeNull();
    expect(screen.queryByRole('radio')).toBeNull();
    await placeOrder();
    await waitFor(() => expect(onPlaced).toHaveBeenCalledWith(order('pending')));
    expect(checkouts()).toEqual([expect.objectContaining({ paymentMethod: 'card' })]);
    expect(keys).toEqual([expect.stringMatching(/^[0-9a-f-]{36}$/)]);
  });

  it('offers card (chosen) or account with the terms’ label, and shows the credit limit, used and available', () => {
    renderForm({ company });
    const payment = screen.getByRole('group', { name: 'Payment' });
    const card = within(payment).getByRole('radio', { name: 'Pay by card' }) as HTMLInputElement;
    const account = within(payment).getByRole('radio', { name: 'Pay on account (Net 30)' }) as HTMLInputElement;
    expect(card.checked).toBe(true);
    expect(account.checked).toBe(false);
    expect(account.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(account.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Invoiced to Acme Fasteners; due 30 days after the invoice, by bank transfer.',
    );
    const credit = payment.querySelector('dl')!.textContent;
    expect(credit).toContain('Credit limit$1,000.00');
    expect(credit).toContain('Credit used$850.50');
    expect(credit).toContain('Available$149.50');
  });

  it('sends paymentMethod account when chosen, and hands on the invoiced order', async () => {
    checkoutAnswers.push(json(order('invoiced'), 201));
    const onPlaced = renderForm({ company });
    await userEvent.click(screen.getByRole('radio', { name: 'Pay on account (Net 30)' }));
    await placeOrder();
    await waitFor(() => expect(onPlaced).toHaveBeenCalledWith(order('invoiced')));
    expect(checkouts()).toEqual([expect.objectContaining({ paymentMethod: 'account' })]);
    expect(toastType(await findAlert('Order BP-000042 placed'))).toBe('success');
  });

  it('says so before placing when the order is more than the credit left (only for account)', async () => {
    renderForm({ company, lines: [{ unitPrice: 1.5, quantity: 100, availableQuantity: 100_000, backorder: NO_BACKORDERS }] });
    expect(screen.queryByText(/more than the credit available/)).toBeNull();
    await userEvent.click(screen.getByRole('radio', { name: 'Pay on account (Net 30)' }));
    // The estimated dispatch is a status too (issue 31): the credit's is the one that names it.
    expect(screen.getAllByRole('status').some((s) => s.textContent?.includes('This order ($150.00) is more than the credit available ($149.50)'))).toBe(true);
    await userEvent.click(screen.getByRole('radio', { name: 'Pay by card' }));
    expect(screen.queryByText(/more than the credit available/)).toBeNull();
  });

  it('shows the server’s 409 Credit limit exceeded clearly, with what is left', async () => {
    checkoutAnswers.push(apiError(409, 'CREDIT_LIMIT_EXCEEDED', 'Credit limit exceeded'));
    const onPlaced = renderForm({ company });
    await userEvent.click(screen.getByRole('radio', { name: 'Pay on account (Net 30)' }));
    await placeOrder();
    const alert = (await screen.findAllByRole('alert'))[0]!;
    expect(alert.textContent).toContain('Credit limit exceeded: Acme Fasteners has $149.50 of its $1,000.00 credit left.');
    expect(alert.textContent).toContain('Pay by card instead');
    expect(onPlaced).not.toHaveBeenCalled();
  });

  it('tells a buyer whose order waits for approval in the toast', async () => {
    checkoutAnswers.push(json(order('awaiting_approval'), 201));
    renderForm({ company });
    await placeOrder();
    expect(toastType(await findAlert('Order BP-000042 sent for approval'))).toBe('success');
  });

  it('fills the shipping address from a company address, which stays editable', async () => {
    const addresses: CompanyAddress[] = [
      {
        id: 'a1',
        label: 'Warehouse',
        address: {
          company: 'Acme Fasteners',
          name: 'Goods In',
          line1: '9 Dock Road',
          city: 'Hull',
          postalCode: 'HU1 2AB',
          country: 'United Kingdom',
          phone: '+44 1482 000000',
        },
      },
    ];
    checkoutAnswers.push(json(order('pending'), 201));
    renderForm({ company, companyAddresses: addresses });
    await userEvent.selectOptions(screen.getByLabelText('Company address'), 'a1');
    expect((screen.getByLabelText('Address line 1') as HTMLInputElement).value).toBe('9 Dock Road');
    expect((screen.getByLabelText('City') as HTMLInputElement).value).toBe('Hull');
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Goods In');
    expect((screen.getByLabelText('Address line 2 (optional)') as HTMLInputElement).value).toBe('');
    await userEvent.clear(screen.getByLabelText('Name'));
    await userEvent.type(screen.getByLabelText('Name'), 'Sam Stores');
    await placeOrder();
    await waitFor(() =>
      expect(checkouts()).toEqual([
        expect.objectContaining({
          shippingAddress: expect.objectContaining({
            company: 'Acme Fasteners',
            name: 'Sam Stores',
            line1: '9 Dock Road',
            postalCode: 'HU1 2AB',
            phone: '+44 1482 000000',
          }),
        }),
      ]),
    );
  });
});

describe('CheckoutForm: overlapping checkouts of one cart (issue 28)', () => {
  it('hands on the order another checkout made of this cart, with its number, and places nothing', async () => {
    checkoutAnswers.push(json({ error: 'CART_ALREADY_ORDERED', message: CART_MESSAGES.alreadyOrdered, orderId: 'o123', orderNumber: 'BP-000123' }, 409));
    const onPlaced = renderForm();
    await placeOrder();
    await waitFor(() => expect(onAlreadyOrdered).toHaveBeenCalledTimes(1));
    expect(onAlreadyOrdered).toHaveBeenCalledWith({ message: 'This cart has already been ordered', order: { orderId: 'o123', orderNumber: 'BP-000123' } });
    expect(onPlaced).not.toHaveBeenCalled();
    // No toast, and the page replaces the form: nothing is left half-done on it meanwhile.
    expect(screen.queryByRole('alert')).toBeNull();
    expect((screen.getByRole('button', { name: 'Place order' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('still says so when the server could not name the order', async () => {
    checkoutAnswers.push(apiError(409, 'CART_ALREADY_ORDERED', CART_MESSAGES.alreadyOrdered));
    renderForm();
    await placeOrder();
    await waitFor(() => expect(onAlreadyOrdered).toHaveBeenCalledWith({ message: 'This cart has already been ordered', order: null }));
  });

  it('shows a cart changed while it was being ordered, and orders again once checked', async () => {
    checkoutAnswers.push(apiError(409, 'CONFLICT', CART_MESSAGES.cartChanged));
    const onPlaced = renderForm();
    await placeOrder();
    const alert = (await screen.findAllByRole('alert'))[0]!;
    expect(alert.textContent).toBe('Your cart changed while it was being ordered; check it and order again');
    expect(onAlreadyOrdered).not.toHaveBeenCalled();
    expect(onPlaced).not.toHaveBeenCalled();

    const button = screen.getByRole('button', { name: 'Place order' }) as HTMLButtonElement;
    expect(button.disabled).toBe(false);
    expect((screen.getByLabelText('Address line 1') as HTMLInputElement).value).toBe('1 Mill Lane');
    checkoutAnswers.push(json(order('pending'), 201));
    await placeOrder();
    await waitFor(() => expect(onPlaced).toHaveBeenCalledWith(order('pending')));
    // The same key: no order was made with it, and a lost answer of this try must not order twice.
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
    expect(formAlerts()).toEqual([]);
  });
});

describe('CheckoutForm: spending limit and where a placed order goes (issue 29)', () => {
  const warning = /will go to an approver/;

  it('warns near Place order when the total is above the buyer’s limit, with the limit as money', () => {
    renderForm({
      company,
      lines: [
        { unitPrice: 0.5, quantity: 1000, availableQuantity: 100_000, backorder: NO_BACKORDERS },
        { unitPrice: 0.01, quantity: 1, availableQuantity: 100_000, backorder: NO_BACKORDERS },
      ],
      spendingLimit: 500,
    });
    const status = screen.getAllByRole('status').find((s) => warning.test(s.textContent ?? ''))!;
    expect(status.textContent).toBe('This order is above your $500.00 limit and will go to an approver');
  });

  it('does not warn at the limit, under it, or without a limit', () => {
    renderForm({ company, lines: [{ unitPrice: 0.5, quantity: 1000, availableQuantity: 100_000, backorder: NO_BACKORDERS }], spendingLimit: 500 });
    expect(screen.queryByText(warning)).toBeNull();
    cleanup();
    renderForm({ company, lines: [{ unitPrice: 100, quantity: 1000, availableQuantity: 100_000, backorder: NO_BACKORDERS }], spendingLimit: null });
    expect(screen.queryByText(warning)).toBeNull();
  });

  it('sends a card order waiting for payment to its payment page; approval and invoiced orders stay on the checkout', () => {
    expect(placedOrderPath(order('pending'))).toBe('/dashboard/payment/o1');
    expect(placedOrderPath(order('awaiting_approval'))).toBeNull();
    expect(placedOrderPath(order('invoiced'))).toBeNull();
  });
});

describe('CheckoutForm: tax for the ship-to (issue 30)', () => {
  it('shows the totals planned with the ship-to’s tax context, and changes the tax when the country changes', async () => {
    renderForm();
    const totals = await screen.findByRole('region', { name: 'Order total' });
    await waitFor(() => expect(within(totals).getByText('Export')).toBeTruthy());
    expect(within(totals).getByTestId('order-total').textContent).toBe('$120.00');
    const country = screen.getByLabelText('Country');
    await userEvent.clear(country);
    await userEvent.type(country, 'Germany');
    await waitFor(() => expect(within(totals).getByTestId('order-total').textContent).toBe('$142.80'));
    expect(within(totals).getByText(/VAT 19%/)).toBeTruthy();
    expect(within(totals).getByText(/Prices exclude tax/)).toBeTruthy();
  });
});

describe('CheckoutForm: shipping options (issue 30)', () => {
  const OPTIONS = [
    {
      code: 'pickup',
      name: 'Pick up at our depot',
      kind: 'pickup',
      price: 0,
      estimatedDelivery: { from: '2026-12-03', to: '2026-12-03' },
      pickupAddress: '1 Depot Lane',
    },
    { code: 'parcel', name: 'Tracked parcel', kind: 'parcel', price: 6.95, estimatedDelivery: { from: '2026-12-04', to: '2026-12-08' }, pickupAddress: null },
    {
      code: 'collect',
      name: 'Collect on your carrier account',
      kind: 'collect',
      price: 0,
      estimatedDelivery: { from: '2026-12-04', to: '2026-12-07' },
      pickupAddress: null,
    },
  ];

  it('lists each option with its price and delivery dates as a radio group, adds the chosen one to the total, and sends it', async () => {
    shippingOptions = OPTIONS;
    checkoutAnswers.push(json(order('pending'), 201));
    renderForm();
    const parcel = (await screen.findByRole('radio', { name: /Tracked parcel\s*\$6\.95/ })) as HTMLInputElement;
    const group = screen.getByRole('group', { name: 'Shipping' });
    expect(document.getElementById(parcel.getAttribute('aria-describedby')!)?.textContent).toBe('Arrives 4 Dec – 8 Dec');
    expect((within(group).getByRole('radio', { name: /Pick up at our depot/ }) as HTMLInputElement).checked).toBe(true);
    // Asked for the ship-to's country, for the whole cart (no one line named).
    expect(sent.map((r) => r.url)).toContain('/api/cart/shipping-options?country=United+Kingdom');
    await userEvent.click(parcel);
    await placeOrder();
    await waitFor(() => expect(checkouts()).toEqual([expect.objectContaining({ shippingMethod: 'parcel' })]));
  });

  it('asks for the carrier account for collect; offers a freight quote when no method fits', async () => {
    shippingOptions = OPTIONS;
    renderForm();
    await userEvent.click(await screen.findByRole('radio', { name: /Collect on your carrier account/ }));
    expect(screen.getByLabelText(/Your carrier and account number/)).toBeTruthy();
    cleanup();
    shippingOptions = [];
    renderForm();
    expect((await screen.findByRole('link', { name: 'Request a freight quote' })).getAttribute('href')).toContain('/quotes/new?from=cart&freight=');
  });
});
