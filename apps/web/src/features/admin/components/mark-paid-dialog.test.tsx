import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Order } from '@bulkparts/shared';
import { apiError, json, renderWithApi, resetFakeApi, serveApi, toastType, writes } from '@/test/fake-api';
import { MarkPaidDialog } from './mark-paid-dialog';

afterEach(resetFakeApi);

const MARK_PAID = '/api/purchase/o1/mark-paid';

const order = {
  _id: 'o1',
  orderNumber: 'BP-000042',
  Name: 'M8 hex bolt',
  userEmail: 'jo@acme.example',
  total: 250,
  status: 'invoiced',
  dueDate: '2026-12-25T10:00:00.000Z',
} as Order;

/** The dialog on a server whose answers to mark-paid are `answers`, in turn; the requests sent are recorded. */
function renderDialog(...answers: Response[]) {
  const sent = serveApi((req) => (req.url === MARK_PAID ? answers.shift() : undefined));
  const onClose = vi.fn();
  renderWithApi(<MarkPaidDialog order={order} onClose={onClose} />);
  const reference = screen.getByRole('textbox', { name: 'Payment reference', hidden: true });
  const submit = screen.getByRole('button', { name: 'Mark paid', hidden: true });
  return { onClose, reference, submit, sent };
}

describe('MarkPaidDialog (issue 18)', () => {
  it('names the order, its amount and due date', () => {
    renderDialog();
    expect(screen.getByRole('heading', { name: 'Mark order BP-000042 paid', hidden: true })).toBeTruthy();
    expect(screen.getByText(/\$250\.00 on account from jo@acme\.example, due /)).toBeTruthy();
  });

  it('requires the reference: the shared rule’s message is announced under the field, nothing is sent', async () => {
    const { reference, submit, onClose, sent } = renderDialog();
    await userEvent.click(submit);
    expect((await screen.findByRole('alert', { hidden: true })).textContent).toBe('Reference is required');
    expect(reference.getAttribute('aria-invalid')).toBe('true');
    expect(sent).toEqual([]);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('sends the trimmed reference, toasts and closes', async () => {
    const { reference, submit, onClose, sent } = renderDialog(json({ ...order, status: 'paid' }));
    await userEvent.type(reference, '  BACS 7781 ');
    await userEvent.click(submit);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(writes(sent)).toEqual([{ method: 'POST', url: MARK_PAID, body: { reference: 'BACS 7781' } }]);
    expect(toastType(await screen.findByText('Order BP-000042 marked paid'))).toBe('success');
  });

  it('puts a server field message under the field, and any other refusal above the buttons', async () => {
    const { reference, submit, onClose } = renderDialog(
      apiError(400, 'VALIDATION', 'Invalid input', { reference: 'Reference must be at most 100 characters' }),
      apiError(409, 'CONFLICT', 'This order cannot move from paid to paid'),
    );
    await userEvent.type(reference, 'X');
    await userEvent.click(submit);
    expect((await screen.findByRole('alert', { hidden: true })).textContent).toBe('Reference must be at most 100 characters');
    expect(document.activeElement).toBe(reference);

    await userEvent.click(submit);
    expect((await screen.findByText('This order cannot move from paid to paid')).closest('[role="alert"]')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('Cancel closes without sending', async () => {
    const { onClose, sent } = renderDialog();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel', hidden: true }));
    expect(onClose).toHaveBeenCalled();
    expect(sent).toEqual([]);
  });
});
