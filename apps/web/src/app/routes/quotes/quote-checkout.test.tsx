import { QueryClient } from '@tanstack/react-query';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { Company, Order, Profile, Quote, QuoteStatus, StoredShippingAddress } from '@bulkparts/shared';
import { authQueries } from '@/features/auth/api/auth-queries';
import type { Session } from '@/features/auth/api/get-session';
import { companyQueries } from '@/features/companies/api/company-queries';
import { profileQueries } from '@/features/profile/api/profile-queries';
import { quoteQueries } from '@/features/quotes/api/quote-queries';
import { apiError, json, renderWithApi, resetFakeApi, serveApi, toastType, writes, type SentRequest } from '@/test/fake-api';
import { Component as QuoteCheckoutPage } from './quote-checkout';

/**
 * Issue 29: 'Accept and order' is a checkout. The quote's lines are locked, the checkout's fields
 * are the cart's (pre-filled ship-to, PO number, note, payment on terms), and only 'Place order'
 * accepts; then the order goes on as the cart's does.
 */
afterEach(resetFakeApi);

const ACCEPT = '/api/quotes/q1/accept';
/** What the page sent to accept the quote. */
const accepts = (sent: SentRequest[]) => writes(sent).map((r) => (r.method === 'POST' && r.url === ACCEPT ? r.body : r));

const lastShipTo: StoredShippingAddress = { name: 'Jo Buyer', line1: '1 Mill Lane', city: 'Leeds', postalCode: 'LS1 1AA', country: 'United Kingdom' };

const quoteIn = (status: QuoteStatus): Quote => ({
  _id: 'q1',
  quoteNumber: 'Q-000007',
  status,
  userEmail: 'jo@example.com',
  note: null,
  message: null,
  validUntil: '2030-01-31T23:59:59.999Z',
  createdAt: '2026-11-01T10:00:00.000Z',
  answeredAt: '2026-11-02T10:00:00.000Z',
  orderId: status === 'accepted' ? 'o9' : null,
  lines: [
    { productId: 'p1', sku: 'HB-M8', name: 'M8 hex bolt', img: '', quantity: 5000, listUnitPrice: 0.2, unitPrice: 0.15, lineTotal: 750 },
    { productId: 'p2', sku: 'NUT-M8', name: 'M8 nut', img: '', quantity: 2000, listUnitPrice: 0.1, unitPrice: 0.05, lineTotal: 100 },
  ],
  total: 850,
  shipping: null,
});

const company: Company = {
  id: 'c1',
  name: 'Acme Fasteners',
  taxId: 'GB123',
  billingAddress: lastShipTo,
  paymentTerms: 'net30',
  creditLimit: 10_000,
  creditUsed: 0,
  discountPercent: null,
  createdAt: '2026-11-01T10:00:00.000Z',
  myRole: 'buyer',
  mySpendingLimit: null,
  memberCount: 3,
};

/**
 * The page at /quotes/q1/checkout with its reads already in the cache (nothing is fetched), on a
 * server whose answers to the accept are `answers`, in turn; the requests sent are returned.
 */
function renderPage(
  { status = 'answered' as QuoteStatus, shipTo = lastShipTo as StoredShippingAddress | null, myCompany = null as Company | null } = {},
  ...answers: Response[]
) {
  const sent = serveApi((req) => {
    if (req.url === ACCEPT) return answers.shift();
    // A refused accept reads the quote again (it may have moved meanwhile).
    if (req.method === 'GET' && req.url === '/api/quotes/q1') return json(quoteIn(status));
  });
  const qc = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  qc.setQueryData(quoteQueries.detail('q1').queryKey, quoteIn(status));
  const session: Session = { user: { id: 'u1', email: 'jo@example.com', name: 'Jo Buyer', role: 'customer', emailVerified: true, image: null } };
  qc.setQueryData(authQueries.session().queryKey, session);
  const profile: Profile = { _id: 'u1', email: 'jo@example.com', name: 'Jo Buyer', photoURL: null, address: '', phone: '', url: '', shippingAddress: shipTo };
  qc.setQueryData(profileQueries.own().queryKey, profile);
  qc.setQueryData(companyQueries.mine().queryKey, myCompany);
  if (myCompany) qc.setQueryData(companyQueries.addresses(myCompany.id).queryKey, []);
  renderWithApi(
    <MemoryRouter initialEntries={['/quotes/q1/checkout']}>
      <Routes>
        <Route path="/quotes/:id/checkout" element={<QuoteCheckoutPage />} />
        <Route path="/quotes/:id" element={<h1>The quote</h1>} />
        <Route path="/dashboard/payment/:id" element={<h1>Payment</h1>} />
      </Routes>
    </MemoryRouter>,
    { client: qc },
  );
  return sent;
}
const accepted = (order: Partial<Order>) => json({ quote: quoteIn('accepted'), order });

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const placeOrder = () => userEvent.click(screen.getByRole('button', { name: 'Place order' }));

describe('the quote checkout page (issue 29)', () => {
  it("shows the quote's lines locked with the total, pre-fills the ship-to, sends the details and goes to the payment page", async () => {
    const sent = renderPage({}, accepted({ _id: 'o1', orderNumber: 'BP-000010', status: 'pending' }));
    const lines = within(screen.getByRole('list', { name: 'Quoted lines' })).getAllByRole('listitem');
    expect(lines.map((l) => l.textContent)).toEqual(['M8 hex bolt (HB-M8)$750.005,000 Ps × $0.15', 'M8 nut (NUT-M8)$100.002,000 Ps × $0.05']);
    expect(screen.getByText(/Quoted prices and quantities are fixed/)).toBeTruthy();
    expect(screen.getByText('$850.00')).toBeTruthy();
    // Nothing about the lines can be edited here: the only inputs are the checkout's.
    expect(screen.queryByRole('spinbutton')).toBeNull();
    expect(screen.queryByLabelText('Quantity')).toBeNull();
    expect(field('Address line 1').value).toBe('1 Mill Lane');
    expect(field('Address line 1').id).toBe('quote-checkout-line1');
    expect(screen.queryByRole('group', { name: 'Payment' })).toBeNull();
    await userEvent.type(field('PO number (optional)'), 'PO-77');
    await userEvent.type(field('Note (optional)'), 'Gate 3');
    await placeOrder();
    expect(await screen.findByRole('heading', { name: 'Payment' })).toBeTruthy();
    expect(accepts(sent)).toEqual([
      {
        shippingAddress: lastShipTo,
        poNumber: 'PO-77',
        note: 'Gate 3',
        paymentMethod: 'card',
        fulfilment: 'ship_as_available', // issue 31: the default way an order ships
      },
    ]);
    expect(toastType(await screen.findByText('Quote accepted: order BP-000010 placed'))).toBe('success');
  });

  it('never accepts without a ship-to: the empty address is refused on its fields', async () => {
    const sent = renderPage({ shipTo: null });
    expect(field('Name').value).toBe('Jo Buyer');
    await placeOrder();
    expect((await screen.findAllByRole('alert')).map((a) => a.textContent)).toContain('Address line 1 is required');
    expect(sent).toEqual([]);
  });

  it('on terms: pays on account when chosen, and an invoiced order is told on the page', async () => {
    const sent = renderPage(
      { myCompany: company },
      accepted({ _id: 'o2', orderNumber: 'BP-000011', status: 'invoiced', total: 850, paymentMethod: 'account', dueDate: null }),
    );
    await userEvent.click(within(screen.getByRole('group', { name: 'Payment' })).getByLabelText('Pay on account (Net 30)'));
    await placeOrder();
    expect(await screen.findByRole('heading', { name: 'Order BP-000011 placed on account' })).toBeTruthy();
    expect(accepts(sent)).toEqual([expect.objectContaining({ paymentMethod: 'account' })]);
  });

  it('a refused accept names the lines short of stock and stays on the page; field errors land under the fields', async () => {
    renderPage(
      {},
      json(
        {
          error: 'INSUFFICIENT_STOCK',
          message: '2 lines are short of stock; nothing was ordered',
          lines: [
            { productId: 'p1', sku: 'HB-M8', message: 'Only 4,000 Ps left in stock' },
            { productId: 'p2', sku: 'NUT-M8', message: 'This product is out of stock' },
          ],
        },
        409,
      ),
      apiError(400, 'VALIDATION_FAILED', 'PO number is too long', { poNumber: 'PO number is too long' }),
    );
    await placeOrder();
    const alert = (await screen.findAllByRole('alert'))[0]!;
    expect(alert.textContent).toContain('2 lines are short of stock; nothing was ordered');
    expect(
      within(alert)
        .getAllByRole('listitem')
        .map((l) => l.textContent),
    ).toEqual(['HB-M8: Only 4,000 Ps left in stock', 'NUT-M8: This product is out of stock']);
    await placeOrder();
    expect(await screen.findByText('PO number is too long')).toBeTruthy();
    expect(field('PO number (optional)').getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByRole('heading', { name: 'Payment' })).toBeNull();
  });

  it.each([
    ['requested', /has not been answered yet/],
    ['expired', /expired on .*can no longer be accepted/],
    ['accepted', /already accepted/],
    ['declined', /was declined/],
  ] as const)('a %s quote: a clear message, a link back to the quote, and no form', async (status, message) => {
    renderPage({ status });
    expect(screen.getByRole('alert').textContent).toMatch(message);
    expect(screen.queryByRole('button', { name: 'Place order' })).toBeNull();
    await userEvent.click(screen.getByRole('link', { name: 'Back to quote Q-000007' }));
    expect(await screen.findByRole('heading', { name: 'The quote' })).toBeTruthy();
  });
});
