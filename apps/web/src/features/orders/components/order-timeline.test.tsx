import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Order, OrderLine } from '@bulkparts/shared';
import { OrderLineTable } from './order-line-table';
import { OrderTimeline } from './order-timeline';

afterEach(cleanup);

const lines: OrderLine[] = [
  {
    productId: 'p1',
    sku: 'HB-M8-40',
    name: 'Hex Bolt M8x40',
    img: '/1.png',
    unitPrice: 0.18,
    quantity: 500,
    lineTotal: 90,
    shipped: 0,
    backordered: 0,
    promisedDispatch: null,
    returned: 0,
  },
  {
    productId: 'p2',
    sku: 'HN-M8',
    name: 'Hex nut M8',
    img: '/2.png',
    unitPrice: 0.05,
    quantity: 1000,
    lineTotal: 50,
    shipped: 0,
    backordered: 0,
    promisedDispatch: null,
    returned: 0,
  },
];
const order = (top: Partial<Order>) =>
  ({
    _id: 'o1',
    orderNumber: 'BP-000042',
    status: 'delivered',
    total: 140,
    lines,
    carrier: null,
    trackingNumber: null,
    rejectionReason: null,
    ...top,
  }) as Order;

describe("the order page's lines and timeline (issue 29)", () => {
  it('lists every line with SKU, part, quantity, unit price, line total and (issue 31) what has shipped, and the order total', () => {
    render(<OrderLineTable order={order({})} />);
    const table = screen.getByRole('table', { name: 'Lines of order BP-000042' });
    const rows = within(table)
      .getAllByRole('row')
      .map((r) =>
        within(r)
          .queryAllByRole('cell')
          .map((c) => c.textContent),
      );
    expect(rows.filter((r) => r.length === 6)).toEqual([
      ['HB-M8-40', 'Hex Bolt M8x40', '500 Ps', '$0.18', '$90.00', '—'],
      ['HN-M8', 'Hex nut M8', '1,000 Ps', '$0.05', '$50.00', '—'],
    ]);
    expect(within(table).getByRole('rowheader', { name: 'Total' }).nextElementSibling?.textContent).toBe('$140.00');
  });

  it('shows each step in order with who acted; the shipment with carrier and tracking; the sweep as automatic', () => {
    const timeline: Order['timeline'] = [
      { event: 'placed', at: '2026-11-20T10:00:00.000Z', by: 'Ada Buyer' },
      { event: 'approved', at: '2026-11-20T11:00:00.000Z', by: 'Bea Approver' },
      { event: 'paid', at: '2026-11-20T12:00:00.000Z', by: 'Ada Buyer' },
      { event: 'shipped', at: '2026-11-21T09:00:00.000Z', by: 'Shop Admin' },
      { event: 'delivered', at: '2026-11-22T09:00:00.000Z', by: null },
    ];
    render(<OrderTimeline order={order({ timeline, carrier: 'DHL', trackingNumber: 'JD0001' })} />);
    const steps = within(screen.getByRole('region', { name: 'Timeline' })).getAllByRole('listitem');
    expect(steps.map((s) => s.textContent?.replace(/\d{1,2}[/.]\d{1,2}[/.]\d{2,4},? [\d:]+\s?(AM|PM)?/, '<time>'))).toEqual([
      'Placed <time> by Ada Buyer',
      'Approved <time> by Bea Approver',
      'Paid <time> by Ada Buyer',
      'Shipped <time> by Shop AdminCarrier: DHL · Tracking number: JD0001',
      'Delivered <time>',
    ]);
    expect(steps[0]!.querySelector('time')?.getAttribute('dateTime')).toBe('2026-11-20T10:00:00.000Z');
    cleanup();
    render(<OrderTimeline order={order({ timeline: [{ event: 'expired', at: '2026-11-20T10:30:00.000Z', by: 'system' }] })} />);
    expect(screen.getByRole('listitem').textContent).toMatch(/^Expired .* automatically$/);
  });

  it('says so when nothing was recorded', () => {
    render(<OrderTimeline order={order({ timeline: [] })} />);
    expect(screen.getByText('Nothing recorded yet.')).toBeTruthy();
  });
});
