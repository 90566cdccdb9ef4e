import { cleanup, render as renderInDom, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QUOTE_STATUSES, type Quote, type QuoteStatus } from '@bulkparts/shared';
import { QuoteActions } from './quote-actions';

const accept = vi.fn();
const decline = vi.fn();
const withdraw = vi.fn();
const idle = (mutateAsync: typeof decline) => ({ mutateAsync, isPending: false });
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
  shipping: null,
});

/** On the quote's page, beside its checkout page ('Accept and order' goes there, issue 29). */
const render = (ui: ReactElement) =>
  renderInDom(
    <MemoryRouter initialEntries={['/quotes/q1']}>
      <Routes>
        <Route path="/quotes/:id" element={ui} />
        <Route path="/quotes/:id/checkout" element={<h1>Quote checkout</h1>} />
      </Routes>
    </MemoryRouter>,
  );

/** What the buyer can do: the buttons, and the link to accept (styled as one). */
const buttons = () =>
  screen
    .queryAllByRole('button')
    .filter((b) => !b.closest('dialog'))
    .map((b) => b.textContent);
const acceptLink = () => screen.queryByRole('link', { name: 'Accept and order' });

describe('QuoteActions', () => {
  it.each([
    ['requested', ['Withdraw request']],
    ['answered', ['Decline']],
    ['accepted', []],
    ['declined', []],
    ['expired', []],
    ['withdrawn', []],
  ] as const)('offers the buyer of a %s quote %j, accepting only an answered one, and the PDF always', (status, expected) => {
    render(<QuoteActions quote={quoteIn(status)} isOwner />);
    expect(buttons()).toEqual(expected);
    expect(acceptLink() !== null).toBe(status === 'answered');
    const pdf = screen.getByRole('link', { name: 'Download PDF of quote Q-000007' });
    expect(pdf.getAttribute('href')).toBe('/api/quotes/q1/pdf');
  });

  it('offers someone else’s quote (an admin looking) only the PDF', () => {
    for (const status of QUOTE_STATUSES) {
      render(<QuoteActions quote={quoteIn(status)} isOwner={false} />);
      expect(buttons()).toEqual([]);
      expect(acceptLink()).toBeNull();
      cleanup();
    }
  });

  it('accepting goes to the quote’s checkout page and places nothing here (issue 29)', async () => {
    const user = userEvent.setup({ delay: null });
    render(<QuoteActions quote={quoteIn('answered')} isOwner />);
    expect(acceptLink()?.getAttribute('href')).toBe('/quotes/q1/checkout');
    await user.click(acceptLink()!);
    expect(await screen.findByRole('heading', { name: 'Quote checkout' })).toBeTruthy();
    expect(accept).not.toHaveBeenCalled();
    expect(toast.success).not.toHaveBeenCalled();
  });

  it('declining asks first: "no" keeps the quote, "yes" declines it', async () => {
    const user = userEvent.setup({ delay: null });
    decline.mockResolvedValueOnce(quoteIn('declined'));
    render(<QuoteActions quote={quoteIn('answered')} isOwner />);
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
    const user = userEvent.setup({ delay: null });
    withdraw.mockResolvedValueOnce(quoteIn('withdrawn'));
    render(<QuoteActions quote={quoteIn('requested')} isOwner />);
    await user.click(screen.getByRole('button', { name: 'Withdraw request' }));
    await user.click(within(screen.getByRole('dialog', { hidden: true })).getByRole('button', { name: 'Yes, withdraw', hidden: true }));
    expect(withdraw).toHaveBeenCalledWith('q1');
  });
});
