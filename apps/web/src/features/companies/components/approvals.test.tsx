import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { COMPANY_MESSAGES, type Order } from '@bulkparts/shared';
import { ApiClientError } from '@/lib/api-client';
import { ApprovalQueue } from './approval-queue';
import { RejectOrderDialog } from './reject-order-dialog';

const approveOrder = vi.fn();
const rejectOrder = vi.fn();
const approve = { mutateAsync: approveOrder, isPending: false, variables: undefined as string | undefined };
vi.mock('../api/approve-order', () => ({ useApproveOrder: () => approve }));
vi.mock('../api/reject-order', () => ({ useRejectOrder: () => ({ mutateAsync: rejectOrder }) }));
const getCompanyOrders = vi.hoisted(() => vi.fn());
vi.mock('../api/company-queries', async (importOriginal) => {
  const actual = await importOriginal<{ companyQueries: object }>();
  return {
    ...actual,
    companyQueries: {
      ...actual.companyQueries,
      orders: (params: object) => ({ queryKey: ['orders', 'company', params], queryFn: () => getCompanyOrders(params) }),
    },
  };
});
const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('react-toastify', () => ({ toast }));

beforeEach(() => vi.clearAllMocks());
afterEach(cleanup);

const orderOf = (n: number, userEmail: string): Order =>
  ({
    _id: `o${n}`,
    orderNumber: `BP-00000${n}`,
    Name: 'M8 hex bolt',
    quantity: 1000,
    total: 250,
    status: 'awaiting_approval',
    userEmail,
    createdAt: '2026-11-20T10:00:00.000Z',
    poNumber: null,
    paymentMethod: 'account',
    dueDate: null,
    rejectionReason: null,
  }) as Order;

function withQueries(children: ReactNode) {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return <QueryClientProvider client={qc}>{children}</QueryClientProvider>;
}

describe('RejectOrderDialog', () => {
  const dialog = () => screen.getByRole('dialog', { hidden: true });

  it('requires a reason, then rejects with it and closes', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    rejectOrder.mockResolvedValueOnce({ ...orderOf(1, 'bo@example.com'), status: 'rejected' });
    render(<RejectOrderDialog order={orderOf(1, 'bo@example.com')} onClose={onClose} />);
    expect(dialog().textContent).toContain('Reject order BP-000001');
    await user.click(within(dialog()).getByRole('button', { name: 'Reject order', hidden: true }));
    expect((await within(dialog()).findByRole('alert', { hidden: true })).textContent).toBe('Reason is required');
    const reason = within(dialog()).getByLabelText('Reason');
    expect(reason.getAttribute('aria-invalid')).toBe('true');
    expect(rejectOrder).not.toHaveBeenCalled();

    await user.type(reason, '  Over budget this quarter ');
    await user.click(within(dialog()).getByRole('button', { name: 'Reject order', hidden: true }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(rejectOrder).toHaveBeenCalledWith({ id: 'o1', reason: 'Over budget this quarter' });
    expect(toast.success).toHaveBeenCalledWith('Order BP-000001 rejected');
  });

  it('shows the server’s reason message under the field, and a refusal without fields above the buttons', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    render(<RejectOrderDialog order={orderOf(1, 'bo@example.com')} onClose={onClose} />);
    await user.type(within(dialog()).getByLabelText('Reason'), 'No');
    rejectOrder.mockRejectedValueOnce(new ApiClientError(400, 'VALIDATION_FAILED', 'Check the fields', { reason: 'Reason must be at most 500 characters' }));
    await user.click(within(dialog()).getByRole('button', { name: 'Reject order', hidden: true }));
    expect((await within(dialog()).findByRole('alert', { hidden: true })).textContent).toBe('Reason must be at most 500 characters');

    rejectOrder.mockRejectedValueOnce(new ApiClientError(403, 'FORBIDDEN', COMPANY_MESSAGES.ownOrder));
    await user.click(within(dialog()).getByRole('button', { name: 'Reject order', hidden: true }));
    await waitFor(() => expect(dialog().textContent).toContain(COMPANY_MESSAGES.ownOrder));
    expect(onClose).not.toHaveBeenCalled();
  });

  it('Cancel closes without rejecting', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    render(<RejectOrderDialog order={orderOf(1, 'bo@example.com')} onClose={onClose} />);
    await user.click(within(dialog()).getByRole('button', { name: 'Cancel', hidden: true }));
    expect(onClose).toHaveBeenCalled();
    expect(rejectOrder).not.toHaveBeenCalled();
  });
});

describe('ApprovalQueue', () => {
  it('lists the orders awaiting approval; others’ orders get Approve and Reject, one’s own says another approver decides', async () => {
    const user = userEvent.setup();
    getCompanyOrders.mockResolvedValue({ items: [orderOf(1, 'bo@example.com'), orderOf(2, 'al@example.com')], total: 2 });
    approveOrder.mockResolvedValueOnce({ ...orderOf(1, 'bo@example.com'), status: 'invoiced' });
    render(withQueries(<ApprovalQueue myEmail="AL@example.com" />));
    await screen.findByText('BP-000001');
    expect(getCompanyOrders).toHaveBeenCalledWith({ status: 'awaiting_approval', page: 1, limit: 20 });
    expect(screen.getAllByRole('button', { name: /^Approve/ }).map((b) => b.textContent)).toEqual(['Approve order BP-000001']);
    expect(screen.getByText('Your own order: another approver decides.')).toBeTruthy();
    expect(screen.getAllByText('On account')).toHaveLength(2);

    await user.click(screen.getByRole('button', { name: 'Approve order BP-000001' }));
    expect(approveOrder).toHaveBeenCalledWith('o1');
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Order BP-000001 approved'));

    await user.click(screen.getByRole('button', { name: 'Reject order BP-000001' }));
    expect(screen.getByRole('dialog', { hidden: true }).textContent).toContain('Reject order BP-000001');
  });

  it('says so when nothing waits', async () => {
    getCompanyOrders.mockResolvedValue({ items: [], total: 0 });
    render(withQueries(<ApprovalQueue myEmail="al@example.com" />));
    expect(await screen.findByText('No orders are waiting for approval.')).toBeTruthy();
  });
});
