import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Quote } from '@bulkparts/shared';
import { json, renderWithApi, resetFakeApi, serveApi, writes, type SentRequest } from '@/test/fake-api';
import { AnswerQuoteForm, dateInputValue } from './answer-quote-form';

afterEach(resetFakeApi);

const quote: Quote = {
  _id: 'q1',
  quoteNumber: 'Q-000007',
  status: 'requested',
  userEmail: 'jo@example.com',
  note: null,
  message: null,
  validUntil: null,
  createdAt: '2026-11-01T10:00:00.000Z',
  answeredAt: null,
  orderId: null,
  lines: [{ productId: 'p1', sku: 'HB-M8', name: 'M8 hex bolt', img: '', quantity: 5000, listUnitPrice: 0.2, unitPrice: null, lineTotal: null }],
  total: null,
  shipping: null,
};

/** The quote server: a PATCH of q1 answers the quote answered. */
const serveQuote = () => serveApi((req) => (req.method === 'PATCH' && req.url === '/api/quotes/q1' ? json({ ...quote, status: 'answered' }) : undefined));
const answers = (sent: SentRequest[]) => writes(sent).map((r) => (r.method === 'PATCH' && r.url === '/api/quotes/q1' ? r.body : r));

describe('AnswerQuoteForm', () => {
  it('starts at the shop price and 30 days ahead, totals as prices are typed, and sends the answer', async () => {
    const user = userEvent.setup({ delay: null });
    const sent = serveQuote();
    renderWithApi(<AnswerQuoteForm quote={quote} />);
    const price = screen.getByRole('spinbutton', { name: 'Unit price ($) for M8 hex bolt' }) as HTMLInputElement;
    expect(price.value).toBe('0.2');
    expect((screen.getByLabelText('Valid until') as HTMLInputElement).value).toBe(dateInputValue(30));
    expect(screen.getByText(/^Quoted total/).textContent).toBe('Quoted total: $1,000.00');
    await user.clear(price);
    await user.type(price, '0.15');
    expect(screen.getByText(/^Quoted total/).textContent).toBe('Quoted total: $750.00');
    await user.click(screen.getByRole('button', { name: 'Send answer' }));
    await vi.waitFor(() => expect(answers(sent)).toHaveLength(1));
    expect(answers(sent)).toEqual([{ lines: [{ productId: 'p1', unitPrice: 0.15 }], validUntil: `${dateInputValue(30)}T23:59:59.999Z` }]);
  });

  it('takes a sub-cent price (issue 30): the line total is rounded half up once, and it is sent as typed', async () => {
    const user = userEvent.setup({ delay: null });
    const sent = serveQuote();
    renderWithApi(<AnswerQuoteForm quote={{ ...quote, lines: [{ ...quote.lines[0]!, quantity: 7 }] }} />);
    const price = screen.getByRole('spinbutton', { name: 'Unit price ($) for M8 hex bolt' });
    await user.clear(price);
    await user.type(price, '0.0855');
    // 7 × $0.0855 = $0.5985 → $0.60.
    expect(screen.getByText(/^Quoted total/).textContent).toBe('Quoted total: $0.60');
    await user.click(screen.getByRole('button', { name: 'Send answer' }));
    await vi.waitFor(() => expect(answers(sent)).toHaveLength(1));
    expect(answers(sent)[0]).toMatchObject({ lines: [{ productId: 'p1', unitPrice: 0.0855 }] });
  });

  it('refuses a price with more than 4 decimals under its line', async () => {
    const sent = serveQuote();
    const user = userEvent.setup({ delay: null });
    renderWithApi(<AnswerQuoteForm quote={quote} />);
    const price = screen.getByRole('spinbutton', { name: 'Unit price ($) for M8 hex bolt' });
    await user.clear(price);
    await user.type(price, '0.15555');
    await user.click(screen.getByRole('button', { name: 'Send answer' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Unit price can have at most 4 decimals');
    expect(sent).toEqual([]);
  });
});
