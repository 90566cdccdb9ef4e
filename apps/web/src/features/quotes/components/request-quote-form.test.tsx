import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Quote } from '@bulkparts/shared';
import { json, renderWithApi, resetFakeApi, serveApi, writes } from '@/test/fake-api';
import { RequestQuoteForm, type QuoteLineDraft } from './request-quote-form';

afterEach(resetFakeApi);

/** A server answering the quote request with `answer`; the requests sent are recorded. */
const serveQuotes = (answer?: Response) => serveApi((req) => (req.method === 'POST' && req.url === '/api/quotes' ? answer : undefined));

const lines: QuoteLineDraft[] = [
  { productId: 'p1', sku: 'HB-M8', name: 'M8 hex bolt', quantity: 5000 },
  { productId: 'p2', sku: 'NUT-M8', name: 'M8 nut', quantity: 200 },
];
const quantityOf = (name: string) => screen.getByRole('spinbutton', { name: `Quantity of ${name}` }) as HTMLInputElement;

describe('RequestQuoteForm', () => {
  it('starts with the given lines and quantities, each with its range hint', () => {
    serveQuotes();
    renderWithApi(<RequestQuoteForm lines={lines} onRequested={vi.fn()} />);
    const list = screen.getByRole('list', { name: 'Quote lines' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(list.textContent).toContain('HB-M8');
    expect(quantityOf('M8 hex bolt').value).toBe('5000');
    expect(quantityOf('M8 nut').value).toBe('200');
    expect(quantityOf('M8 hex bolt').getAttribute('aria-describedby')).toMatch(/-hint$/);
    expect(screen.getAllByText('1 to 1,000,000 pieces')).toHaveLength(2);
  });

  it('refuses quantities out of 1 to 1,000,000 next to the line, and sends nothing', async () => {
    const sent = serveQuotes();
    const user = userEvent.setup({ delay: null });
    renderWithApi(<RequestQuoteForm lines={lines} onRequested={vi.fn()} />);
    await user.clear(quantityOf('M8 hex bolt'));
    await user.type(quantityOf('M8 hex bolt'), '1000001');
    await user.clear(quantityOf('M8 nut'));
    await user.type(quantityOf('M8 nut'), '0');
    await user.click(screen.getByRole('button', { name: 'Request quote' }));
    const alerts = await screen.findAllByRole('alert');
    expect(alerts.map((a) => a.textContent)).toEqual(['Quantity must be at most 1,000,000', 'Quantity must be at least 1']);
    expect(quantityOf('M8 hex bolt').getAttribute('aria-invalid')).toBe('true');
    expect(sent).toEqual([]);
  });

  it('sends the remaining lines with the note and hands back the quote', async () => {
    const user = userEvent.setup({ delay: null });
    const onRequested = vi.fn();
    const quote = { _id: 'q1', quoteNumber: 'Q-000001' } as Quote;
    const sent = serveQuotes(json(quote, 201));
    renderWithApi(<RequestQuoteForm lines={lines} onRequested={onRequested} />);
    await user.click(screen.getByRole('button', { name: 'Remove M8 nut' }));
    await user.type(screen.getByLabelText('Note (optional)'), 'Delivery in March');
    await user.click(screen.getByRole('button', { name: 'Request quote' }));
    await vi.waitFor(() => expect(onRequested).toHaveBeenCalledWith(quote));
    expect(writes(sent)).toEqual([{ method: 'POST', url: '/api/quotes', body: { lines: [{ productId: 'p1', quantity: 5000 }], note: 'Delivery in March' } }]);
  });

  it('asks for a line when every line was removed', async () => {
    const sent = serveQuotes();
    const user = userEvent.setup({ delay: null });
    renderWithApi(<RequestQuoteForm lines={lines.slice(0, 1)} onRequested={vi.fn()} />);
    await user.click(screen.getByRole('button', { name: 'Remove M8 hex bolt' }));
    await user.click(screen.getByRole('button', { name: 'Request quote' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Add at least one line');
    expect(sent).toEqual([]);
  });

  it('puts the server’s field messages under the line they name', async () => {
    const user = userEvent.setup({ delay: null });
    serveQuotes(
      json(
        {
          error: 'VALIDATION_FAILED',
          message: 'Line 2: This product is no longer available',
          fields: { 'lines.1.productId': 'This product is no longer available' },
          lines: [{ index: 1, sku: 'NUT-M8', message: 'This product is no longer available' }],
        },
        400,
      ),
    );
    renderWithApi(<RequestQuoteForm lines={lines} onRequested={vi.fn()} />);
    await user.click(screen.getByRole('button', { name: 'Request quote' }));
    const nutLine = screen.getAllByRole('listitem')[1]!;
    expect((await within(nutLine).findByRole('alert')).textContent).toBe('This product is no longer available');
    expect(screen.getAllByRole('alert')).toHaveLength(1);
  });
});
