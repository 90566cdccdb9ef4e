import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Order } from '@bulkparts/shared';
import { OrderList } from './order-list';

afterEach(cleanup);

const base: Order = {
  _id: 'o1',
  productId: 'p1',
  Name: 'M8 hex bolt',
  img: '/img/bolt.png',
  price: 2.5,
  quantity: 100,
  total: 250,
  paid: false,
  status: 'pending',
  userEmail: 'jo@acme.example',
  createdAt: '2026-11-20T10:00:00.000Z',
  paidAt: null,
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
  poNumber: null,
  shippingAddress: null,
  note: null,
  companyId: 'c1',
  paymentMethod: 'card',
  dueDate: null,
  rejectionReason: null,
  fulfilment: 'ship_as_available',
  credited: 0,
  shipping: null,
};

function renderList(order: Partial<Order>, ownEmail?: string) {
  render(
    <MemoryRouter>
      <OrderList orders={[{ ...base, ...order }]} ownEmail={ownEmail} onCancel={vi.fn()} cancellingId={null} onBuyAgain={vi.fn()} buyingAgainId={null} />
    </MemoryRouter>,
  );
  // The wide table (both layouts are rendered; CSS shows one).
  return within(screen.getByRole('table'));
}

describe('OrderList: company orders (issue 18)', () => {
  it('an order waiting for approval has its badge, no Pay, and can still be cancelled', () => {
    const row = renderList({ status: 'awaiting_approval' });
    expect(row.getByText('awaiting approval')).toBeTruthy();
    expect(row.getByText('Waiting for an approver of your company')).toBeTruthy();
    expect(row.queryByRole('link', { name: /^Pay/ })).toBeNull();
    expect(row.getByRole('button', { name: 'Cancel order for M8 hex bolt' })).toBeTruthy();
  });

  it('an invoice on account shows its due date and the invoice, and no Pay', () => {
    const row = renderList({ status: 'invoiced', paymentMethod: 'account', dueDate: '2099-12-20T10:00:00.000Z' });
    expect(row.getByText('invoiced')).toBeTruthy();
    expect(row.getByText('On account')).toBeTruthy();
    expect(row.getAllByText(/^Due/).length).toBeGreaterThan(0);
    expect(row.queryByRole('link', { name: /^Pay/ })).toBeNull();
    expect(row.getByRole('link', { name: 'Invoice for M8 hex bolt' }).getAttribute('href')).toBe('/api/purchase/o1/invoice');
  });

  it('an invoice past its due date reads overdue', () => {
    const row = renderList({ status: 'invoiced', paymentMethod: 'account', dueDate: '2026-01-01T10:00:00.000Z' });
    expect(row.getByText(/^Overdue since/)).toBeTruthy();
  });

  it('a rejected order shows why, and no Pay', () => {
    const row = renderList({ status: 'rejected', rejectionReason: 'Over budget this month' });
    expect(row.getByText('rejected')).toBeTruthy();
    expect(row.getByText('Reason: Over budget this month')).toBeTruthy();
    expect(row.queryByRole('link', { name: /^Pay/ })).toBeNull();
  });

  it('in the company’s orders, another buyer’s order shows who placed it and offers no Pay or Cancel', () => {
    const row = renderList({ status: 'pending', userEmail: 'sam@acme.example' }, 'jo@acme.example');
    expect(screen.getByRole('table').querySelector('caption')?.textContent).toBe('Company orders');
    expect(row.getByText('Ordered by sam@acme.example')).toBeTruthy();
    expect(row.queryByRole('link', { name: /^Pay/ })).toBeNull();
    expect(row.queryByRole('button', { name: /^Cancel/ })).toBeNull();
  });

  it('in the company’s orders, the viewer’s own pending order can be paid', () => {
    const row = renderList({ status: 'pending' }, 'JO@acme.example');
    expect(row.getByRole('link', { name: 'Pay for M8 hex bolt' })).toBeTruthy();
  });
});

/** Three different parts: 600 pieces in all, at three prices; the API's top-level figures are the sum and the first line's. */
const threeLines: Partial<Order> = {
  Name: 'M8 hex bolt and 2 more',
  quantity: 600,
  price: 2.5,
  total: 360,
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
    {
      productId: 'p2',
      sku: 'NUT-M8',
      name: 'M8 nut',
      img: '/img/nut.png',
      unitPrice: 0.4,
      quantity: 200,
      lineTotal: 80,
      shipped: 0,
      backordered: 0,
      promisedDispatch: null,
      returned: 0,
    },
    {
      productId: 'p3',
      sku: '',
      name: 'Washer',
      img: '/img/washer.png',
      unitPrice: 0.1,
      quantity: 300,
      lineTotal: 30,
      shipped: 0,
      backordered: 0,
      promisedDispatch: null,
      returned: 0,
    },
  ],
};

describe('OrderList: what an order holds (issue 29)', () => {
  it('a 3-line order shows its line count and total, never the pieces of different parts added up or the first line’s price', () => {
    const row = renderList(threeLines);
    expect(row.getByText('M8 hex bolt and 2 more parts')).toBeTruthy();
    expect(row.getByRole('cell', { name: '3 lines' })).toBeTruthy();
    expect(row.getByRole('cell', { name: '$360.00' })).toBeTruthy();
    expect(row.getByRole('cell', { name: 'Differs by line' })).toBeTruthy();
    expect(row.getByRole('link', { name: 'Pay for M8 hex bolt and 2 more parts' })).toBeTruthy();
    // Neither layout (the phone cards are rendered too) writes the sum or the first line's price.
    expect(document.body.textContent).not.toContain('600 Ps');
    expect(document.body.textContent).not.toContain('$2.50');
    const card = within(screen.getByRole('list', { name: 'My orders' }));
    expect(card.getByText('Lines').nextElementSibling?.textContent).toBe('3 lines');
    expect(card.getByText('Total').nextElementSibling?.textContent).toBe('$360.00');
    expect(card.queryByText('Unit price')).toBeNull();
  });

  it('a one-line order keeps its quantity and unit price, which are true for it', () => {
    const row = renderList({});
    expect(row.getByRole('cell', { name: '100 Ps' })).toBeTruthy();
    expect(row.getByRole('cell', { name: '$2.50' })).toBeTruthy();
    expect(row.getByRole('cell', { name: '$250.00' })).toBeTruthy();
    expect(row.getByText('M8 hex bolt')).toBeTruthy();
  });
});
