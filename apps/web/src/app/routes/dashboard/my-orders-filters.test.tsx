import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { Order } from '@bulkparts/shared';
import { TOTAL_COUNT_HEADER } from '@bulkparts/shared/constants';
import { authQueries } from '@/features/auth/api/auth-queries';
import type { Session } from '@/features/auth/api/get-session';
import { companyQueries } from '@/features/companies/api/company-queries';
import { apiError, json, resetFakeApi, serveApi, type SentRequest } from '@/test/fake-api';
import { Component as MyOrdersPage } from './my-orders';

/**
 * Issue 29, My Orders' filters: search (order or PO number), status and the days placed live in
 * the address, are read from it on load, written to it on change (back to page 1), and sent to
 * `GET /api/purchase` through the orders' query factory.
 */
afterEach(resetFakeApi);

const EMAIL = 'jo@example.com';

const order = {
  _id: 'o42',
  productId: 'p1',
  Name: 'M8 hex bolt',
  img: '/img/bolt.png',
  price: 2.5,
  quantity: 100,
  total: 250,
  paid: true,
  status: 'paid',
  userEmail: EMAIL,
  createdAt: '2026-01-10T10:00:00.000Z',
  paidAt: '2026-01-10T10:05:00.000Z',
  paymentReference: null,
  cardBrand: null,
  cardLast4: null,
  invoiceNumber: null,
  orderNumber: 'BP-000042',
  carrier: null,
  trackingNumber: null,
  expiresAt: null,
  lines: [
    {
      productId: 'p1',
      sku: 'HB-M8',
      name: 'M8 hex bolt',
      img: '/img/bolt.png',
      unitPrice: 2.5,
      quantity: 100,
      lineTotal: 250,
      shipped: 0,
      backordered: 0,
      promisedDispatch: null,
      returned: 0,
    },
  ],
  poNumber: 'PO-7781',
  shippingAddress: null,
  note: null,
  companyId: null,
  paymentMethod: 'card',
  dueDate: null,
  rejectionReason: null,
  fulfilment: 'ship_as_available',
  credited: 0,
  shipping: null,
} satisfies Order;

/** The address as the page left it. */
function Where() {
  const location = useLocation();
  return <output data-testid="where">{location.search}</output>;
}
const where = () => new URLSearchParams(screen.getByTestId('where').textContent ?? '');

function renderPage(url: string) {
  const qc = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  const session: Session = { user: { id: 'u1', email: EMAIL, name: 'Jo Buyer', role: 'customer', emailVerified: true, image: null } };
  qc.setQueryData(authQueries.session().queryKey, session);
  qc.setQueryData(companyQueries.mine().queryKey, null);
  render(
    <QueryClientProvider client={qc}>
      <MemoryRouter initialEntries={[url]}>
        <MyOrdersPage />
        <Where />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

/** A server whose list of the buyer's orders answers `answer`; the requests sent are recorded. */
let sent: SentRequest[] = [];
const serveOrders = (answer: () => Response) => {
  sent = serveApi((req) => (req.method === 'GET' && req.url.startsWith('/api/purchase?') ? answer() : undefined));
};
const page = (items: Order[], total: number) => () => json(items, 200, { [TOTAL_COUNT_HEADER]: String(total) });
/** The query of the last list read: what the filters sent. */
const lastCall = () => {
  const url = sent.filter((r) => r.url.startsWith('/api/purchase?')).at(-1)?.url;
  return url ? Object.fromEntries(new URLSearchParams(url.slice(url.indexOf('?') + 1))) : undefined;
};

describe('My Orders filters (issue 29)', () => {
  it('reads every filter and the page from the address and sends them to the API', async () => {
    serveOrders(page([order], 11));
    renderPage('/dashboard/myorders?q=BP-000042&status=paid&from=2026-01-01&to=2026-01-31&page=2');
    expect(await screen.findAllByText('M8 hex bolt')).not.toHaveLength(0);
    expect(lastCall()).toEqual({ order: EMAIL, page: '2', limit: '10', q: 'BP-000042', status: 'paid', from: '2026-01-01', to: '2026-01-31' });
    const search = screen.getByRole('search', { name: 'Filter orders' });
    expect((within(search).getByRole('searchbox', { name: 'Search by order or PO number' }) as HTMLInputElement).value).toBe('BP-000042');
    expect((within(search).getByLabelText('Status') as HTMLSelectElement).value).toBe('paid');
    expect((within(search).getByLabelText('Placed from') as HTMLInputElement).value).toBe('2026-01-01');
    expect((within(search).getByLabelText('Placed to') as HTMLInputElement).value).toBe('2026-01-31');
  });

  it('offers every status with its readable label, and ignores an unknown one in the address', async () => {
    serveOrders(page([order], 1));
    renderPage('/dashboard/myorders?status=lost');
    await screen.findAllByText('M8 hex bolt');
    const select = screen.getByLabelText('Status') as HTMLSelectElement;
    expect(select.value).toBe('');
    expect(within(select).getByRole('option', { name: 'Awaiting approval' })).toBeTruthy();
    expect(within(select).getAllByRole('option')).toHaveLength(12); // with issue 31's 'Partially shipped'
    expect(lastCall()).toEqual({ order: EMAIL, page: '1', limit: '10' });
    expect(screen.queryByRole('button', { name: 'Clear filters' })).toBeNull();
  });

  it('writes each change to the address, back at page 1, and sends it', async () => {
    serveOrders(page([order], 30));
    renderPage('/dashboard/myorders?page=3');
    await screen.findAllByText('M8 hex bolt');
    expect(lastCall()).toMatchObject({ page: '3' });

    await userEvent.selectOptions(screen.getByLabelText('Status'), 'shipped');
    await waitFor(() => expect(where().get('status')).toBe('shipped'));
    expect(where().get('page')).toBeNull();
    await waitFor(() => expect(lastCall()).toEqual({ order: EMAIL, page: '1', limit: '10', status: 'shipped' }));

    await userEvent.type(screen.getByRole('searchbox', { name: 'Search by order or PO number' }), 'PO-77');
    await waitFor(() => expect(where().get('q')).toBe('PO-77'));
    await waitFor(() => expect(lastCall()).toMatchObject({ q: 'PO-77', status: 'shipped', page: '1' }));

    fireEvent.change(screen.getByLabelText('Placed from'), { target: { value: '2026-01-01' } });
    fireEvent.change(screen.getByLabelText('Placed to'), { target: { value: '2026-01-31' } });
    await waitFor(() => expect(where().toString()).toBe('q=PO-77&status=shipped&from=2026-01-01&to=2026-01-31'));
    await waitFor(() =>
      expect(lastCall()).toEqual({ order: EMAIL, page: '1', limit: '10', q: 'PO-77', status: 'shipped', from: '2026-01-01', to: '2026-01-31' }),
    );

    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(where().toString()).toBe(''));
    expect((screen.getByRole('searchbox', { name: 'Search by order or PO number' }) as HTMLInputElement).value).toBe('');
    await waitFor(() => expect(lastCall()).toEqual({ order: EMAIL, page: '1', limit: '10' }));
  });

  it('says no order matches the filters, distinct from having no orders yet', async () => {
    serveOrders(page([], 0));
    renderPage('/dashboard/myorders?q=nothing-like-this');
    expect(await screen.findByText('No orders match these filters.')).toBeTruthy();
    expect(screen.queryByText('You have no orders yet.')).toBeNull();
    const clear = screen.getAllByRole('button', { name: 'Clear filters' });
    await userEvent.click(clear.at(-1)!);
    expect(await screen.findByText('You have no orders yet.')).toBeTruthy();
    expect(where().toString()).toBe('');
  });

  it('shows the server’s message under a date it refused', async () => {
    serveOrders(() => apiError(400, 'VALIDATION_FAILED', 'from must be on or before to', { from: 'from must be on or before to' }));
    renderPage('/dashboard/myorders?from=2026-02-01&to=2026-01-01');
    const from = screen.getByLabelText('Placed from');
    await waitFor(() => expect(from.getAttribute('aria-invalid')).toBe('true'));
    const message = document.getElementById(from.getAttribute('aria-describedby')!);
    expect(message?.textContent).toBe('from must be on or before to');
    expect(screen.getByText('Correct the filters above to see the orders.')).toBeTruthy();
  });
});
