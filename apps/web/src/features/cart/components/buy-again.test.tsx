import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { ToastContainer } from 'react-toastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Cart, Order, ReorderResult } from '@bulkparts/shared';
import { useBuyAgain } from './buy-again';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const order = { _id: 'o1', orderNumber: 'BP-000042', Name: 'Hex Bolt M8', lines: [] } as unknown as Order;
const cartOf = (count: number): Cart => ({ lines: [], subtotal: 0, count });
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** A server whose cart holds `cartCount` lines and whose reorder answers `result`; the reorder bodies sent are recorded. */
function serve(cartCount: number, result: Partial<ReorderResult> = {}) {
  const sent: unknown[] = [];
  const answer: ReorderResult = { ...cartOf(2), added: 2, skipped: [], needsAttention: [], ...result };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url.endsWith('/api/cart')) return json(cartOf(cartCount));
      if (url.endsWith('/api/purchase/o1/reorder')) {
        sent.push(JSON.parse(String(init?.body)));
        return json(answer);
      }
      return json({ error: 'NOT_FOUND', message: 'Not found' }, 404);
    }),
  );
  return sent;
}

function Orders() {
  const { buyAgain, buyingAgainId, dialog } = useBuyAgain();
  return (
    <>
      <button type="button" disabled={buyingAgainId === order._id} onClick={() => buyAgain(order)}>
        Buy again
      </button>
      {dialog}
    </>
  );
}

function renderOrders() {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={qc}>
      <MemoryRouter initialEntries={['/orders']}>
        <Routes>
          <Route path="/orders" element={<Orders />} />
          <Route path="/cart" element={<h1>Your cart</h1>} />
        </Routes>
      </MemoryRouter>
      <ToastContainer />
    </QueryClientProvider>,
  );
  return userEvent.setup({ delay: null });
}

const dialog = () => screen.getByRole('dialog', { hidden: true }) as HTMLDialogElement;

describe("'Buy again' (issue 29)", () => {
  it('into an empty cart adds at once, without asking, and goes to the cart', async () => {
    const sent = serve(0);
    const user = renderOrders();
    await user.click(screen.getByRole('button', { name: 'Buy again' }));
    expect(await screen.findByRole('heading', { name: 'Your cart' })).toBeTruthy();
    // Nothing was asked: the one request is the add.
    expect(sent).toEqual([{ mode: 'add' }]);
    expect(screen.queryByRole('dialog', { hidden: true })).toBeNull();
    expect((await screen.findByRole('alert')).textContent).toContain('Added 2 lines to your cart.');
  });

  it('into a cart with lines asks first, labelled, and sends the mode chosen', async () => {
    for (const [choice, mode] of [
      ['Replace the cart', 'replace'],
      ['Add to the cart', 'add'],
    ] as const) {
      const sent = serve(3);
      const user = renderOrders();
      await user.click(screen.getByRole('button', { name: 'Buy again' }));
      await waitFor(() => expect(dialog().open).toBe(true));
      const asked = screen.getByRole('dialog', { name: 'Buy order BP-000042 again' });
      expect(asked.getAttribute('aria-describedby')).toBeTruthy();
      expect(within(asked).getByText(/Your cart already holds 3 lines\./)).toBeTruthy();
      expect(sent).toEqual([]);
      await user.click(within(asked).getByRole('button', { name: choice }));
      expect(await screen.findByRole('heading', { name: 'Your cart' })).toBeTruthy();
      expect(sent).toEqual([{ mode }]);
      cleanup();
    }
  });

  it('Cancel and Escape close the question and send nothing', async () => {
    const sent = serve(3);
    const user = renderOrders();
    await user.click(screen.getByRole('button', { name: 'Buy again' }));
    await waitFor(() => expect(dialog().open).toBe(true));
    await user.click(within(dialog()).getByRole('button', { name: 'Cancel' }));
    expect(dialog().open).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Buy again' }));
    await waitFor(() => expect(dialog().open).toBe(true));
    // Escape makes the browser fire `cancel` on a modal dialog.
    fireEvent(dialog(), new Event('cancel', { cancelable: true }));
    expect(dialog().open).toBe(false);
    expect(sent).toEqual([]);
    expect(screen.getByRole('button', { name: 'Buy again' })).toBeTruthy();
  });

  it('names each line not added, and each line to check, with the reason, in an alert that stays', async () => {
    serve(0, {
      added: 2,
      skipped: [{ productId: 'p1', sku: 'HB-M8', name: 'Hex Bolt M8', message: 'This product is no longer available' }],
      needsAttention: [{ productId: 'p2', sku: 'WS-M8', name: 'Washer M8', message: 'Only 40 Ps left in stock' }],
    });
    const user = renderOrders();
    await user.click(screen.getByRole('button', { name: 'Buy again' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Added 2 lines to your cart.');
    const [notAdded, toCheck] = within(alert).getAllByRole('list');
    expect(
      within(notAdded!)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Hex Bolt M8 (HB-M8) — This product is no longer available']);
    expect(
      within(toCheck!)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Washer M8 (WS-M8) — Only 40 Ps left in stock']);
    // A warning with a list is not timed out from under the reader.
    expect(alert.closest('.Toastify__toast')?.className).toContain('Toastify__toast--warning');
    expect(within(alert.closest('.Toastify__toast')!).queryByRole('progressbar')).toBeNull();
  });
});
