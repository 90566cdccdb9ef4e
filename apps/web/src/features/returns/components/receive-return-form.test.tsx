import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, it, vi } from 'vitest';
import { RETURN_MESSAGES, type Return } from '@bulkparts/shared';
import { ReceiveReturnForm } from './receive-return-form';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const ret = {
  _id: 'r1',
  rmaNumber: 'RMA-000001',
  lines: [{ productId: 'p1', sku: 'BOLT-1', name: 'Hex Bolt', quantity: 50, reason: 'Wrong part', received: 0, damaged: 0 }],
} as unknown as Return;
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

it('shows the server’s refusal of a second shipping credit on the checkbox, and stays open', async () => {
  const message = RETURN_MESSAGES.shippingCreditedAlready;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url.endsWith('/api/warehouses')) return json([{ _id: 'w1', code: 'MAIN', name: 'Main', isDefault: true }]);
      if (url.endsWith('/api/returns/r1/receive')) return json({ error: 'CONFLICT', message, fields: { refundShipping: message } }, 409);
      return json({ error: 'NOT_FOUND', message: 'Not found' }, 404);
    }),
  );
  const onDone = vi.fn();
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <ReceiveReturnForm ret={ret} onDone={onDone} />
    </QueryClientProvider>,
  );
  const user = userEvent.setup({ delay: null });
  const shipping = screen.getByRole('checkbox', { name: 'Also credit the order’s shipping' });
  await user.click(shipping);
  await user.click(screen.getByRole('button', { name: 'Record receipt and credit' }));
  const alert = await screen.findByRole('alert');
  expect(alert.textContent).toBe(message);
  expect(shipping.getAttribute('aria-invalid')).toBe('true');
  expect(shipping.getAttribute('aria-describedby')).toBe(alert.id);
  expect(onDone).not.toHaveBeenCalled();
});
