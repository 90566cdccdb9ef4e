import { QueryClient } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { IDEMPOTENCY_KEY_HEADER, type Company, type CompanyAddress, type Product, type Profile, type StoredShippingAddress } from '@bulkparts/shared';
import { authQueries } from '@/features/auth/api/auth-queries';
import type { Session } from '@/features/auth/api/get-session';
import { companyQueries } from '@/features/companies/api/company-queries';
import { productQueries } from '@/features/products/api/product-queries';
import { profileQueries } from '@/features/profile/api/profile-queries';
import { apiError, findAlert, formAlerts, json, renderWithApi, resetFakeApi, serveApi, toastType, writes, type SentRequest } from '@/test/fake-api';
import { Component as PurchasePage } from './purchase';

/**
 * Issue 29, one checkout for every path: the purchase page keeps the spec's fields, toast and
 * redirect, and places the order with the checkout's ship-to (pre-filled with the buyer's last
 * one, required), PO number, note and, for a company on terms, the payment choice.
 */
afterEach(resetFakeApi);

/** The orders placed: each POST's body, and the idempotency keys they carried. */
const orders = (sent: SentRequest[]) => writes(sent).map((r) => (r.method === 'POST' && r.url === '/api/purchase' ? r.body : r));
let keys: (string | null)[] = [];

const product: Product = {
  _id: 'p1',
  sku: 'HB-M8X40',
  name: 'Hex Bolt M8x40',
  description: 'Zinc plated',
  brand: 'Norfast',
  category: null,
  attributes: {},
  price: 0.5,
  minimumOrderQuantity: 100,
  availableQuantity: 25000,
  img: '/images/products/hex-bolt.svg',
  images: [],
  archived: false,
  priceTiers: [],
  orderMultiple: 1,
  lowStockThreshold: null,
  backorder: { allowed: false, leadTimeDays: null, nextRestockDate: null },
  unspsc: null,
  weightKg: null,
};

const lastShipTo: StoredShippingAddress = {
  company: 'Acme',
  name: 'Jo Buyer',
  line1: '1 Mill Lane',
  city: 'Leeds',
  postalCode: 'LS1 1AA',
  country: 'United Kingdom',
};

const profileWith = (shippingAddress: StoredShippingAddress | null): Profile => ({
  _id: 'u1',
  email: 'jo@example.com',
  name: 'Jo Buyer',
  photoURL: null,
  address: '',
  phone: '',
  url: '',
  shippingAddress,
});

const company: Company = {
  id: 'c1',
  name: 'Acme Fasteners',
  taxId: 'GB123',
  billingAddress: lastShipTo,
  paymentTerms: 'net30',
  creditLimit: 1000,
  creditUsed: 0,
  discountPercent: null,
  createdAt: '2026-11-01T10:00:00.000Z',
  myRole: 'buyer',
  mySpendingLimit: null,
  memberCount: 3,
};
const dock: CompanyAddress = {
  id: 'a1',
  label: 'Dock',
  address: { name: 'Goods In', line1: '9 Dock Street', city: 'Hull', postalCode: 'HU1 1AA', country: 'UK' },
};

/**
 * The page at /purchase/p1 with its reads already in the cache (nothing is fetched), on a server
 * whose answers to placing the order are `answers`, in turn; the requests sent are returned. The
 * shipping options stay loading (issue 30: their own tests are checkout-form.test.tsx's).
 */
function renderPage({ shipTo = lastShipTo as StoredShippingAddress | null, myCompany = null as Company | null } = {}, ...answers: Response[]) {
  keys = [];
  const sent = serveApi((req, init) => {
    if (req.url.startsWith('/api/cart/shipping-options?')) return new Promise<never>(() => {});
    if (req.method !== 'POST' || req.url !== '/api/purchase') return undefined;
    keys.push(new Headers(init?.headers).get(IDEMPOTENCY_KEY_HEADER));
    return answers.shift();
  });
  const qc = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  qc.setQueryData(productQueries.detail('p1').queryKey, product);
  const session: Session = { user: { id: 'u1', email: 'jo@example.com', name: 'Jo Buyer', role: 'customer', emailVerified: true, image: null } };
  qc.setQueryData(authQueries.session().queryKey, session);
  qc.setQueryData(profileQueries.own().queryKey, profileWith(shipTo));
  qc.setQueryData(companyQueries.mine().queryKey, myCompany);
  if (myCompany) qc.setQueryData(companyQueries.addresses(myCompany.id).queryKey, [dock]);
  renderWithApi(
    <MemoryRouter initialEntries={['/purchase/p1']}>
      <Routes>
        <Route path="/purchase/:id" element={<PurchasePage />} />
        <Route path="/dashboard/myorders" element={<h1>My Orders</h1>} />
      </Routes>
    </MemoryRouter>,
    { client: qc },
  );
  return sent;
}

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const purchase = () => userEvent.click(screen.getByRole('button', { name: 'Purchase' }));

describe('the purchase page: one checkout for every path (issue 29)', () => {
  it("keeps the spec's read-only fields and quantity, pre-fills the ship-to, and sends the details; toast and My Orders as the spec has them", async () => {
    const sent = renderPage({}, json({ _id: 'o1', status: 'pending' }, 201));
    expect(field('Product').value).toBe('Hex Bolt M8x40');
    expect(field('Email').value).toBe('jo@example.com');
    expect(field('Quantity').value).toBe('100');
    const shipTo = screen.getByRole('group', { name: 'Shipping address' });
    expect((within(shipTo).getByLabelText('Address line 1') as HTMLInputElement).value).toBe('1 Mill Lane');
    expect(field('Address line 1').id).toBe('purchase-line1');
    // No company on terms: no payment choice, card.
    expect(screen.queryByRole('group', { name: 'Payment' })).toBeNull();
    await userEvent.type(field('PO number (optional)'), 'PO-77');
    await userEvent.type(field('Note (optional)'), 'Gate 3');
    await purchase();
    expect(await screen.findByRole('heading', { name: 'My Orders' })).toBeTruthy();
    expect(orders(sent)).toEqual([
      {
        productId: 'p1',
        quantity: 100,
        shippingAddress: lastShipTo,
        poNumber: 'PO-77',
        note: 'Gate 3',
        paymentMethod: 'card',
        fulfilment: 'ship_as_available', // issue 31: the default way an order ships
      },
    ]);
    expect(keys).toEqual([expect.stringMatching(/^[0-9a-f-]{36}$/)]);
    expect(toastType(await findAlert('Purchase is successfully'))).toBe('success');
  });

  it('never places an order without a ship-to: the empty address is refused on its fields', async () => {
    const sent = renderPage({ shipTo: null }, json({ _id: 'o1', status: 'pending' }, 201));
    // Without a last ship-to, the buyer's name is the starting point, as at checkout.
    expect(field('Name').value).toBe('Jo Buyer');
    await purchase();
    expect((await screen.findAllByRole('alert')).map((a) => a.textContent)).toEqual([
      'Address line 1 is required',
      'Postal code is required',
      'City is required',
      'Country is required',
    ]);
    expect(field('Address line 1').getAttribute('aria-invalid')).toBe('true');
    expect(orders(sent)).toEqual([]);
    await userEvent.type(field('Address line 1'), '2 Quay Road');
    await userEvent.type(field('City'), 'York');
    await userEvent.type(field('Postal code'), 'YO1 1AA');
    await userEvent.type(field('Country'), 'United Kingdom');
    await purchase();
    await waitFor(() =>
      expect(orders(sent)).toEqual([expect.objectContaining({ shippingAddress: expect.objectContaining({ name: 'Jo Buyer', line1: '2 Quay Road' }) })]),
    );
  });

  it("offers the company's addresses and, on terms, paying on account; the server's field messages land under the fields", async () => {
    const sent = renderPage(
      { myCompany: company },
      apiError(400, 'VALIDATION_FAILED', 'Postal code is required', { 'shippingAddress.postalCode': 'Postal code is required' }),
    );
    await userEvent.selectOptions(screen.getByLabelText('Company address'), 'a1');
    expect(field('Address line 1').value).toBe('9 Dock Street');
    expect(field('Company (optional)').value).toBe('Acme Fasteners');
    const payment = screen.getByRole('group', { name: 'Payment' });
    await userEvent.click(within(payment).getByLabelText('Pay on account (Net 30)'));
    await purchase();
    await waitFor(() => expect(formAlerts().map((a) => a.textContent)).toEqual(['Postal code is required']));
    expect(orders(sent)).toEqual([expect.objectContaining({ paymentMethod: 'account', shippingAddress: expect.objectContaining({ city: 'Hull' }) })]);
    const toasts = screen.getAllByRole('alert').filter((a) => toastType(a) !== null);
    expect(toasts.map((a) => [toastType(a), a.textContent])).toEqual([['error', 'Postal code is required']]);
  });
});
