import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { COMPANY_MESSAGES, type Order } from '@bulkparts/shared';
import { TOTAL_COUNT_HEADER } from '@bulkparts/shared/constants';
import { apiError, json, renderWithApi as render, resetFakeApi, serveRoutes, toastType, writes } from '@/test/fake-api';
import { ApprovalQueue } from './approval-queue';
import { RejectOrderDialog } from './reject-order-dialog';

afterEach(resetFakeApi);

/** The company's orders awaiting approval, as the queue reads them (first page of 20). */
const QUEUE = 'GET /api/purchase?company=true&status=awaiting_approval&page=1&limit=20';
const queue = (items: Order[]) => () => json(items, 200, { [TOTAL_COUNT_HEADER]: String(items.length) });

const orderOf = (n: number, userEmail: string): Order =>
  ({
    _id: `o${n}`,
    orderNumber: `BP-00000${n}`,
    Name: 'M8 hex bolt',
    quantity: 1000,
    price: 0.25,
    total: 250,
    lines: [
      {
        productId: 'p1',
        sku: 'HB-M8',
        name: 'M8 hex bolt',
        img: '/img/bolt.png',
        unitPrice: 0.25,
        quantity: 1000,
        lineTotal: 250,
        shipped: 0,
        backordered: 0,
        promisedDispatch: null,
        returned: 0,
      },
    ],
    shippingAddress: null,
    note: null,
    status: 'awaiting_approval',
    userEmail,
    createdAt: '2026-11-20T10:00:00.000Z',
    poNumber: null,
    paymentMethod: 'account',
    dueDate: null,
    rejectionReason: null,
  }) as Order;

/** Two different parts (800 pieces in all, at two prices), shipped to Leeds with a note. */
const twoLines = (n: number, userEmail: string): Order => ({
  ...orderOf(n, userEmail),
  Name: 'M8 hex bolt and 1 more',
  quantity: 800,
  price: 0.25,
  total: 682,
  lines: [
    {
      productId: 'p1',
      sku: 'HB-M8',
      name: 'M8 hex bolt',
      img: '/img/bolt.png',
      unitPrice: 0.25,
      quantity: 600,
      lineTotal: 150,
      shipped: 0,
      backordered: 0,
      promisedDispatch: null,
      returned: 0,
    },
    {
      productId: 'p2',
      sku: '',
      name: 'Bearing 6204',
      img: '/img/bearing.png',
      unitPrice: 2.66,
      quantity: 200,
      lineTotal: 532,
      shipped: 0,
      backordered: 0,
      promisedDispatch: null,
      returned: 0,
    },
  ],
  shippingAddress: { company: 'Acme Ltd', name: 'Bea Buyer', line1: 'Unit 4, Dock Road', city: 'Leeds', postalCode: 'LS2 7AB', country: 'United Kingdom' },
  note: 'Deliver to gate 2',
});

describe('RejectOrderDialog', () => {
  const dialog = () => screen.getByRole('dialog', { hidden: true });

  it('requires a reason, then rejects with it and closes', async () => {
    const user = userEvent.setup({ delay: null });
    const onClose = vi.fn();
    const sent = serveRoutes({ 'POST /api/purchase/o1/reject': [json({ ...orderOf(1, 'bo@example.com'), status: 'rejected' })] });
    render(<RejectOrderDialog order={orderOf(1, 'bo@example.com')} onClose={onClose} />);
    expect(dialog().textContent).toContain('Reject order BP-000001');
    await user.click(within(dialog()).getByRole('button', { name: 'Reject order', hidden: true }));
    expect((await within(dialog()).findByRole('alert', { hidden: true })).textContent).toBe('Reason is required');
    const reason = within(dialog()).getByLabelText('Reason');
    expect(reason.getAttribute('aria-invalid')).toBe('true');
    expect(sent).toEqual([]);

    await user.type(reason, '  Over budget this quarter ');
    await user.click(within(dialog()).getByRole('button', { name: 'Reject order', hidden: true }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(writes(sent)).toEqual([{ method: 'POST', url: '/api/purchase/o1/reject', body: { reason: 'Over budget this quarter' } }]);
    expect(toastType(await screen.findByText('Order BP-000001 rejected'))).toBe('success');
  });

  it('shows the server’s reason message under the field, and a refusal without fields above the buttons', async () => {
    const user = userEvent.setup({ delay: null });
    const onClose = vi.fn();
    serveRoutes({
      'POST /api/purchase/o1/reject': [
        apiError(400, 'VALIDATION_FAILED', 'Check the fields', { reason: 'Reason must be at most 500 characters' }),
        apiError(403, 'FORBIDDEN', COMPANY_MESSAGES.ownOrder),
      ],
    });
    render(<RejectOrderDialog order={orderOf(1, 'bo@example.com')} onClose={onClose} />);
    await user.type(within(dialog()).getByLabelText('Reason'), 'No');
    await user.click(within(dialog()).getByRole('button', { name: 'Reject order', hidden: true }));
    expect((await within(dialog()).findByRole('alert', { hidden: true })).textContent).toBe('Reason must be at most 500 characters');

    await user.click(within(dialog()).getByRole('button', { name: 'Reject order', hidden: true }));
    await waitFor(() => expect(dialog().textContent).toContain(COMPANY_MESSAGES.ownOrder));
    expect(onClose).not.toHaveBeenCalled();
  });

  it('Cancel closes without rejecting', async () => {
    const user = userEvent.setup({ delay: null });
    const onClose = vi.fn();
    const sent = serveRoutes({});
    render(<RejectOrderDialog order={orderOf(1, 'bo@example.com')} onClose={onClose} />);
    await user.click(within(dialog()).getByRole('button', { name: 'Cancel', hidden: true }));
    expect(onClose).toHaveBeenCalled();
    expect(sent).toEqual([]);
  });
});

describe('ApprovalQueue', () => {
  it('lists the orders awaiting approval; others’ orders get Approve and Reject, one’s own says another approver decides', async () => {
    const user = userEvent.setup({ delay: null });
    const sent = serveRoutes({
      [QUEUE]: queue([orderOf(1, 'bo@example.com'), orderOf(2, 'al@example.com')]),
      'POST /api/purchase/o1/approve': [json({ ...orderOf(1, 'bo@example.com'), status: 'invoiced' })],
    });
    render(
      <MemoryRouter>
        <ApprovalQueue myEmail="AL@example.com" />
      </MemoryRouter>,
    );
    await screen.findByText('BP-000001');
    expect(sent.map((r) => `${r.method} ${r.url}`)).toEqual([QUEUE]);
    expect(screen.getAllByRole('button', { name: /^Approve/ }).map((b) => b.textContent)).toEqual(['Approve order BP-000001']);
    expect(screen.getByText('Your own order: another approver decides.')).toBeTruthy();
    expect(screen.getAllByText('On account')).toHaveLength(2);

    await user.click(screen.getByRole('button', { name: 'Approve order BP-000001' }));
    expect(toastType(await screen.findByText('Order BP-000001 approved'))).toBe('success');
    expect(writes(sent)).toEqual([{ method: 'POST', url: '/api/purchase/o1/approve', body: {} }]);

    await user.click(screen.getByRole('button', { name: 'Reject order BP-000001' }));
    expect(screen.getByRole('dialog', { hidden: true }).textContent).toContain('Reject order BP-000001');
  });

  it('a multi-line order reads its line count and total; its lines, ship-to and note open before deciding (issue 29)', async () => {
    const user = userEvent.setup({ delay: null });
    serveRoutes({ [QUEUE]: queue([twoLines(3, 'bo@example.com')]) });
    render(
      <MemoryRouter>
        <ApprovalQueue myEmail="al@example.com" />
      </MemoryRouter>,
    );
    const row = within((await screen.findByText('BP-000003')).closest('tr')!);
    expect(row.getByText('M8 hex bolt and 1 more part')).toBeTruthy();
    expect(row.getByText('2 lines')).toBeTruthy();
    expect(row.getByText('$682.00')).toBeTruthy();
    // Not the pieces of two different parts added up, nor the first line's price as the order's.
    expect(document.body.textContent).not.toContain('800 Ps');
    expect(document.body.textContent).not.toContain('$0.25');

    const disclosure = row.getByRole('button', { name: 'Show 2 lines, ship-to and note of BP-000003' });
    expect(disclosure.getAttribute('aria-expanded')).toBe('false');
    expect(row.queryByText('Deliver to gate 2')).toBeNull();
    await user.click(disclosure);
    expect(disclosure.getAttribute('aria-expanded')).toBe('true');
    const lines = within(row.getByRole('list', { name: 'Lines of BP-000003' })).getAllByRole('listitem');
    expect(lines.map((l) => l.textContent)).toEqual(['HB-M8 M8 hex bolt600 Ps × $0.25 = $150.00', 'Bearing 6204200 Ps × $2.66 = $532.00']);
    const shipTo = row.getByText('Ship to').nextElementSibling!;
    expect([...shipTo.children].map((l) => l.textContent)).toEqual(['Acme Ltd', 'Bea Buyer', 'Unit 4, Dock Road', 'LS2 7AB Leeds', 'United Kingdom']);
    expect(row.getByText('Note').nextElementSibling?.textContent).toBe('Deliver to gate 2');
    expect(row.getByRole('button', { name: 'Approve order BP-000003' })).toBeTruthy();

    await user.click(row.getByRole('button', { name: 'Reject order BP-000003' }));
    expect(screen.getByRole('dialog', { hidden: true }).textContent).toContain('Ordered by bo@example.com: M8 hex bolt and 1 more part · 2 lines · $682.00');
  });

  it('a one-line order keeps its pieces and unit price; without an address or note it says so', async () => {
    const user = userEvent.setup({ delay: null });
    serveRoutes({ [QUEUE]: queue([orderOf(4, 'bo@example.com')]) });
    render(
      <MemoryRouter>
        <ApprovalQueue myEmail="al@example.com" />
      </MemoryRouter>,
    );
    const row = within((await screen.findByText('BP-000004')).closest('tr')!);
    expect(row.getByText('1,000 Ps · $0.25/Ps')).toBeTruthy();
    await user.click(row.getByRole('button', { name: 'Show 1 line, ship-to and note of BP-000004' }));
    expect(row.getByText('Ship to').nextElementSibling?.textContent).toBe('Not given');
    expect(row.getByText('Note').nextElementSibling?.textContent).toBe('None');
  });

  it('says so when nothing waits', async () => {
    serveRoutes({ [QUEUE]: queue([]) });
    render(
      <MemoryRouter>
        <ApprovalQueue myEmail="al@example.com" />
      </MemoryRouter>,
    );
    expect(await screen.findByText('No orders are waiting for approval.')).toBeTruthy();
  });
});
