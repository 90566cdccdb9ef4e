import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QUOTE_STATUSES, type Order, type Quote, type QuoteStatus } from '@bulkparts/shared';
import { ApiClientError } from '@/lib/api-client';
import { QuoteActions } from './quote-actions';

const accept = vi.fn();
const decline = vi.fn();
const withdraw = vi.fn();
const idle = (mutateAsync: typeof accept) => ({ mutateAsync, isPending: false });
vi.mock('../api/quote-mutations', () => ({
  useAcceptQuote: () => idle(accept),
  useDeclineQuote: () => idle(decline),
  useWithdrawQuote: () => idle(withdraw),
}));
const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('react-toastify', () => ({ toast }));

beforeEach(() => vi.clearAllMocks());
afterEach(cleanup);

const quoteIn = (status: QuoteStatus): Quote => ({
  _id: 'q1',
  quoteNumber: 'Q-000007',
  status,
  userEmail: 'jo@example.com',
  note: null,
  message: null,
  validUntil: status === 'requested' || status === 'withdrawn' ? null : '2030-01-31T23:59:59.999Z',
  createdAt: '2026-11-01T10:00:00.000Z',
  answeredAt: null,
  orderId: null,
  lines: [{ productId: 'p1', sku: 'HB-M8', name: 'M8 hex bolt', img: '', quantity: 5000, listUnitPrice: 0.2, unitPrice: 0.15, lineTotal: 750 }],
  total: 750,
});

const buttons = () =>
  screen
    .queryAllByRole('button')
    .filter((b) => !b.closest('dialog'))
    .map((b) => b.textContent);

describe('QuoteActions', () => {
  it.each([
    ['requested', ['Withdraw request']],
    ['answered', ['Accept and order', 'Decline']],
    ['accepted', []],
    ['declined', []],
    ['expired', []],
    ['withdrawn', []],
  ] as const)('offers the buyer of a %s quote %j, and the PDF always', (status, expected) => {
    render(<QuoteActions quote={quoteIn(status)} isOwner onAccepted={vi.fn()} />);
    expect(buttons()).toEqual(expected);
    const pdf = screen.getByRole('link', { name: 'Download PDF of quote Q-000007' });
    expect(pdf.getAttribute('href')).toBe('/api/quotes/q1/pdf');
  });

  it('offers someone else’s quote (an admin looking) only the PDF', () => {
    for (const status of QUOTE_STATUSES) {
      render(<QuoteActions quote={quoteIn(status)} isOwner={false} onAccepted={vi.fn()} />);
      expect(buttons()).toEqual([]);
      cleanup();
    }
  });

  it('accepting hands the new order on (its payment page is next)', async () => {
    const user = userEvent.setup();
    const onAccepted = vi.fn();
    const order = { _id: 'o1', orderNumber: 'BP-000010' } as Order;
    accept.mockResolvedValueOnce(order);
    render(<QuoteActions quote={quoteIn('answered')} isOwner onAccepted={onAccepted} />);
    await user.click(screen.getByRole('button', { name: 'Accept and order' }));
    expect(accept).toHaveBeenCalledWith('q1');
    expect(onAccepted).toHaveBeenCalledWith(order);
    expect(toast.success).toHaveBeenCalledWith('Quote accepted: order BP-000010 placed');
  });

  it('a refused accept names the lines short of stock', async () => {
    const user = userEvent.setup();
    const onAccepted = vi.fn();
    accept.mockRejectedValueOnce(
      new ApiClientError(409, 'INSUFFICIENT_STOCK', 'Not enough stock for 1 line', {}, [
        { productId: 'p1', sku: 'HB-M8', message: 'Only 4,000 Ps left in stock' },
      ]),
    );
    render(<QuoteActions quote={quoteIn('answered')} isOwner onAccepted={onAccepted} />);
    await user.click(screen.getByRole('button', { name: 'Accept and order' }));
    const alert = (await screen.findAllByRole('alert'))[0]!;
    expect(alert.textContent).toContain('Not enough stock for 1 line');
    expect(within(alert).getByRole('listitem').textContent).toBe('HB-M8: Only 4,000 Ps left in stock');
    expect(onAccepted).not.toHaveBeenCalled();
  });

  it('declining asks first: "no" keeps the quote, "yes" declines it', async () => {
    const user = userEvent.setup();
    decline.mockResolvedValueOnce(quoteIn('declined'));
    render(<QuoteActions quote={quoteIn('answered')} isOwner onAccepted={vi.fn()} />);
    await user.click(screen.getByRole('button', { name: 'Decline' }));
    const dialog = screen.getByRole('dialog', { hidden: true });
    expect(dialog.textContent).toContain('Decline this quote?');
    await user.click(within(dialog).getByRole('button', { name: 'No, keep it', hidden: true }));
    expect(decline).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Decline' }));
    await user.click(within(dialog).getByRole('button', { name: 'Yes, decline', hidden: true }));
    expect(decline).toHaveBeenCalledWith('q1');
    await vi.waitFor(() => expect(toast.success).toHaveBeenCalledWith('Quote declined'));
  });

  it('withdrawing a request asks first too', async () => {
    const user = userEvent.setup();
    withdraw.mockResolvedValueOnce(quoteIn('withdrawn'));
    render(<QuoteActions quote={quoteIn('requested')} isOwner onAccepted={vi.fn()} />);
    await user.click(screen.getByRole('button', { name: 'Withdraw request' }));
    await user.click(within(screen.getByRole('dialog', { hidden: true })).getByRole('button', { name: 'Yes, withdraw', hidden: true }));
    expect(withdraw).toHaveBeenCalledWith('q1');
  });
});
