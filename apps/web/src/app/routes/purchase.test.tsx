import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Company, CompanyAddress, Order, Product, Profile, StoredShippingAddress } from '@bulkparts/shared';
import { authQueries } from '@/features/auth/api/auth-queries';
import type { Session } from '@/features/auth/api/get-session';
import { companyQueries } from '@/features/companies/api/company-queries';
import { productQueries } from '@/features/products/api/product-queries';
import { profileQueries } from '@/features/profile/api/profile-queries';
import { ApiClientError } from '@/lib/api-client';
import { Component as PurchasePage } from './purchase';

/**
 * Issue 29, one checkout for every path: the purchase page keeps the spec's fields, toast and
 * redirect, and places the order with the checkout's ship-to (pre-filled with the buyer's last
 * one, required), PO number, note and, for a company on terms, the payment choice.
 */
const createOrder = vi.fn();
vi.mock('@/features/orders/api/create-order', () => ({ newIdempotencyKey: () => 'key-1', useCreateOrder: () => ({ mutateAsync: createOrder }) }));
const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), info: vi.fn() }));
vi.mock('react-toastify', () => ({ toast }));

beforeEach(() => vi.clearAllMocks());
afterEach(cleanup);

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

/** The page at /purchase/p1 with its reads already in the cache (nothing is fetched). */
function renderPage({ shipTo = lastShipTo as StoredShippingAddress | null, myCompany = null as Company | null } = {}) {
  const qc = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  qc.setQueryData(productQueries.detail('p1').queryKey, product);
  const session: Session = { user: { id: 'u1', email: 'jo@example.com', name: 'Jo Buyer', role: 'customer', emailVerified: true, image: null } };
  qc.setQueryData(authQueries.session().queryKey, session);
  qc.setQueryData(profileQueries.own().queryKey, profileWith(shipTo));
  qc.setQueryData(companyQueries.mine().queryKey, myCompany);
  if (myCompany) qc.setQueryData(companyQueries.addresses(myCompany.id).queryKey, [dock]);
  render(
    <QueryClientProvider client={qc}>
      <MemoryRouter initialEntries={['/purchase/p1']}>
        <Routes>
          <Route path="/purchase/:id" element={<PurchasePage />} />
          <Route path="/dashboard/myorders" element={<h1>My Orders</h1>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const purchase = () => userEvent.click(screen.getByRole('button', { name: 'Purchase' }));

describe('the purchase page: one checkout for every path (issue 29)', () => {
  it("keeps the spec's read-only fields and quantity, pre-fills the ship-to, and sends the details; toast and My Orders as the spec has them", async () => {
    createOrder.mockResolvedValueOnce({ _id: 'o1', status: 'pending' } as Order);
    renderPage();
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
    expect(createOrder).toHaveBeenCalledWith({
      productId: 'p1',
      quantity: 100,
      shippingAddress: { ...lastShipTo, line2: undefined, phone: undefined },
      poNumber: 'PO-77',
      note: 'Gate 3',
      paymentMethod: 'card',
      fulfilment: 'ship_as_available', // issue 31: the default way an order ships
      idempotencyKey: 'key-1',
    });
    expect(toast.success).toHaveBeenCalledWith('Purchase is successfully');
    expect(await screen.findByRole('heading', { name: 'My Orders' })).toBeTruthy();
  });

  it('never places an order without a ship-to: the empty address is refused on its fields', async () => {
    renderPage({ shipTo: null });
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
    expect(createOrder).not.toHaveBeenCalled();
    await userEvent.type(field('Address line 1'), '2 Quay Road');
    await userEvent.type(field('City'), 'York');
    await userEvent.type(field('Postal code'), 'YO1 1AA');
    await userEvent.type(field('Country'), 'United Kingdom');
    await purchase();
    expect(createOrder).toHaveBeenCalledWith(expect.objectContaining({ shippingAddress: expect.objectContaining({ name: 'Jo Buyer', line1: '2 Quay Road' }) }));
  });

  it("offers the company's addresses and, on terms, paying on account; the server's field messages land under the fields", async () => {
    createOrder.mockRejectedValueOnce(
      new ApiClientError(400, 'VALIDATION_FAILED', 'Postal code is required', { 'shippingAddress.postalCode': 'Postal code is required' }),
    );
    renderPage({ myCompany: company });
    await userEvent.selectOptions(screen.getByLabelText('Company address'), 'a1');
    expect(field('Address line 1').value).toBe('9 Dock Street');
    expect(field('Company (optional)').value).toBe('Acme Fasteners');
    const payment = screen.getByRole('group', { name: 'Payment' });
    await userEvent.click(within(payment).getByLabelText('Pay on account (Net 30)'));
    await purchase();
    expect(createOrder).toHaveBeenCalledWith(expect.objectContaining({ paymentMethod: 'account', shippingAddress: expect.objectContaining({ city: 'Hull' }) }));
    expect((await screen.findByRole('alert')).textContent).toBe('Postal code is required');
    expect(toast.error).toHaveBeenCalledWith('Postal code is required');
    expect(toast.success).not.toHaveBeenCalled();
  });
});
