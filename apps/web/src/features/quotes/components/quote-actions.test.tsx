import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { QUOTE_STATUSES, type Quote, type QuoteStatus } from '@bulkparts/shared';
import { json, renderWithApi, resetFakeApi, serveApi, toastType, writes, type SentRequest } from '@/test/fake-api';
import { QuoteActions } from './quote-actions';

/** A server that declines and withdraws quote q1; every request sent is recorded. */
let sent: SentRequest[] = [];
beforeEach(() => {
  sent = serveApi((req) => {
    if (req.method === 'POST' && req.url === '/api/quotes/q1/decline') return json(quoteIn('declined'));
    if (req.method === 'POST' && req.url === '/api/quotes/q1/withdraw') return json(quoteIn('withdrawn'));
  });
});
afterEach(resetFakeApi);

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
  renderWithApi(
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
    expect(sent).toEqual([]);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('declining asks first: "no" keeps the quote, "yes" declines it', async () => {
    const user = userEvent.setup({ delay: null });
    render(<QuoteActions quote={quoteIn('answered')} isOwner />);
    await user.click(screen.getByRole('button', { name: 'Decline' }));
    const dialog = screen.getByRole('dialog', { hidden: true });
    expect(dialog.textContent).toContain('Decline this quote?');
    await user.click(within(dialog).getByRole('button', { name: 'No, keep it', hidden: true }));
    expect(sent).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Decline' }));
    await user.click(within(dialog).getByRole('button', { name: 'Yes, decline', hidden: true }));
    expect(toastType(await screen.findByText('Quote declined'))).toBe('success');
    expect(writes(sent)).toEqual([{ method: 'POST', url: '/api/quotes/q1/decline', body: {} }]);
  });

  it('withdrawing a request asks first too', async () => {
    const user = userEvent.setup({ delay: null });
    render(<QuoteActions quote={quoteIn('requested')} isOwner />);
    await user.click(screen.getByRole('button', { name: 'Withdraw request' }));
    await user.click(within(screen.getByRole('dialog', { hidden: true })).getByRole('button', { name: 'Yes, withdraw', hidden: true }));
    await waitFor(() => expect(writes(sent)).toEqual([{ method: 'POST', url: '/api/quotes/q1/withdraw', body: {} }]));
  });
});
