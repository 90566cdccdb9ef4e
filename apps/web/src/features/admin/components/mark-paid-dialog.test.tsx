import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Order } from '@bulkparts/shared';
import { ApiClientError } from '@/lib/api-client';
import { MarkPaidDialog } from './mark-paid-dialog';

const markPaid = vi.fn();
vi.mock('../api/mark-order-paid', () => ({ useMarkOrderPaid: () => ({ mutateAsync: markPaid }) }));
const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('react-toastify', () => ({ toast }));

beforeEach(() => vi.clearAllMocks());
afterEach(cleanup);

const order = {
  _id: 'o1',
  orderNumber: 'BP-000042',
  Name: 'M8 hex bolt',
  userEmail: 'jo@acme.example',
  total: 250,
  status: 'invoiced',
  dueDate: '2026-12-25T10:00:00.000Z',
} as Order;

function renderDialog() {
  const onClose = vi.fn();
  render(<MarkPaidDialog order={order} onClose={onClose} />);
  const reference = screen.getByRole('textbox', { name: 'Payment reference', hidden: true });
  const submit = screen.getByRole('button', { name: 'Mark paid', hidden: true });
  return { onClose, reference, submit };
}

describe('MarkPaidDialog (issue 18)', () => {
  it('names the order, its amount and due date', () => {
    renderDialog();
    expect(screen.getByRole('heading', { name: 'Mark order BP-000042 paid', hidden: true })).toBeTruthy();
    expect(screen.getByText(/\$250\.00 on account from jo@acme\.example, due /)).toBeTruthy();
  });

  it('requires the reference: the shared rule’s message is announced under the field, nothing is sent', async () => {
    const { reference, submit, onClose } = renderDialog();
    await userEvent.click(submit);
    expect((await screen.findByRole('alert', { hidden: true })).textContent).toBe('Reference is required');
    expect(reference.getAttribute('aria-invalid')).toBe('true');
    expect(markPaid).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('sends the trimmed reference, toasts and closes', async () => {
    markPaid.mockResolvedValueOnce({ ...order, status: 'paid' });
    const { reference, submit, onClose } = renderDialog();
    await userEvent.type(reference, '  BACS 7781 ');
    await userEvent.click(submit);
    expect(markPaid).toHaveBeenCalledWith({ id: 'o1', reference: 'BACS 7781' });
    expect(toast.success).toHaveBeenCalledWith('Order BP-000042 marked paid');
    expect(onClose).toHaveBeenCalled();
  });

  it('puts a server field message under the field, and any other refusal above the buttons', async () => {
    markPaid.mockRejectedValueOnce(new ApiClientError(400, 'VALIDATION', 'Invalid input', { reference: 'Reference must be at most 100 characters' }));
    const { reference, submit, onClose } = renderDialog();
    await userEvent.type(reference, 'X');
    await userEvent.click(submit);
    expect((await screen.findByRole('alert', { hidden: true })).textContent).toBe('Reference must be at most 100 characters');
    expect(document.activeElement).toBe(reference);

    markPaid.mockRejectedValueOnce(new ApiClientError(409, 'CONFLICT', 'This order cannot move from paid to paid'));
    await userEvent.click(submit);
    expect((await screen.findByText('This order cannot move from paid to paid')).closest('[role="alert"]')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('Cancel closes without sending', async () => {
    const { onClose } = renderDialog();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel', hidden: true }));
    expect(onClose).toHaveBeenCalled();
    expect(markPaid).not.toHaveBeenCalled();
  });
});
