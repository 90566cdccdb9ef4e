import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CART_MESSAGES, type CartPreview } from '@bulkparts/shared';
import { QuickOrderPad } from './quick-order-pad';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** A shop whose preview knows every SKU but NOPE, at $0.10 a piece; the add is recorded. */
function shop() {
  const calls: { url: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const body = init?.body ? (JSON.parse(String(init.body)) as { lines: { sku: string; quantity: number | null }[] }) : null;
      calls.push({ url, body });
      const json = (data: unknown) => new Response(JSON.stringify(data), { status: 200, headers: { 'content-type': 'application/json' } });
      if (url === '/api/cart/lines/preview' && body) {
        const lines = body.lines.map((l, index) => {
          const known = l.sku !== 'NOPE';
          return {
            index,
            sku: l.sku,
            productId: known ? `p${index}` : null,
            name: known ? `Part ${l.sku}` : null,
            quantity: l.quantity,
            unitPrice: known && l.quantity !== null ? 0.1 : null,
            lineTotal: known && l.quantity !== null ? l.quantity / 10 : null,
            problem: known ? null : CART_MESSAGES.unknownSku,
            field: known ? null : ('sku' as const),
          };
        });
        const preview: CartPreview = { lines, subtotal: 0, problems: lines.filter((l) => l.problem).length };
        return json(preview);
      }
      return json({ lines: [], subtotal: 0, count: 0 });
    }),
  );
  return calls;
}

function renderPad() {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={qc}>
      <MemoryRouter>
        <QuickOrderPad />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return userEvent.setup({ delay: null });
}

describe('QuickOrderPad: lines pasted from a spreadsheet (issue 33)', () => {
  it('fills the grid from a paste, header skipped, thousands read, and names every bad row at once beside the button', async () => {
    const calls = shop();
    const user = renderPad();
    await user.click(screen.getByLabelText('Paste from a spreadsheet'));
    await user.paste('SKU\tQty\nHB-M8\t"1,000"\nNOPE\t100\nFW-M8\tten\n');
    await user.click(screen.getByRole('button', { name: 'Fill the grid' }));

    expect(screen.getByText('Read 3 lines (the header row was skipped).')).toBeTruthy();
    expect((screen.getByLabelText('SKU row 1') as HTMLInputElement).value).toBe('HB-M8');
    expect((screen.getByLabelText('Quantity row 1') as HTMLInputElement).value).toBe('1,000');
    // Both bad rows at once: the unknown SKU (the server's word) and the quantity that is no number (the grid's own).
    await waitFor(() => expect(screen.getByLabelText('SKU row 2').getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByLabelText('SKU row 2').getAttribute('aria-describedby')).toBeTruthy();
    expect(screen.getByText(CART_MESSAGES.unknownSku)).toBeTruthy();
    expect(screen.getByLabelText('Quantity row 3').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Quantity must be a whole number of pieces')).toBeTruthy();
    expect(screen.getByText('Part HB-M8')).toBeTruthy();
    expect(screen.getByTestId('quick-order-summary').textContent).toContain('3 lines · 2 to fix');
    const sent = calls.find((c) => c.url === '/api/cart/lines/preview')!.body as { lines: unknown[] };
    expect(sent.lines).toEqual([
      { sku: 'HB-M8', quantity: 1000 },
      { sku: 'NOPE', quantity: 100 },
      { sku: 'FW-M8', quantity: null },
    ]);

    // Adding with rows to fix sends nothing and says how many.
    await user.click(screen.getByRole('button', { name: 'Add all to cart' }));
    expect(await screen.findByText('Fix the 2 rows marked below before adding.')).toBeTruthy();
    expect(calls.some((c) => c.url === '/api/cart/lines')).toBe(false);
  });
});
