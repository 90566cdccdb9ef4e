import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { OrderLine } from '@bulkparts/shared';
import { listPriceText, OrderLines } from './order-lines';

afterEach(cleanup);

const line = (over: Partial<OrderLine>): OrderLine => ({
  productId: 'p1',
  sku: 'HB-M8',
  name: 'Hex Bolt M8',
  img: '',
  unitPrice: 0.18,
  quantity: 100,
  lineTotal: 18,
  shipped: 0,
  backordered: 0,
  promisedDispatch: null,
  returned: 0,
  ...over,
});

describe('OrderLines (issue 29: prices against the list)', () => {
  it('says the list price of a line priced off the list, and nothing for a line at the list or from before it was recorded', async () => {
    const user = userEvent.setup({ delay: null });
    render(
      <OrderLines
        orderLabel="BP-000001"
        lines={[
          line({ productId: 'a', sku: 'A', unitPrice: 0.18, listUnitPrice: 0.2 }),
          line({ productId: 'b', sku: 'B', unitPrice: 0.2, listUnitPrice: 0.2 }),
          line({ productId: 'c', sku: 'C', unitPrice: 0.3 }),
        ]}
      />,
    );
    await user.click(screen.getByRole('button', { name: /Show 3 lines/ }));
    const items = within(screen.getByRole('list', { name: 'Lines of BP-000001' })).getAllByRole('listitem');
    expect(items[0]!.textContent).toContain('List price $0.20 each: 10% below the list');
    expect(items[1]!.textContent).not.toContain('List price');
    expect(items[2]!.textContent).not.toContain('List price');
  });

  it('words a price above the list (a quote can be) as above', () => {
    expect(listPriceText(0.25, 0.2)).toBe('List price $0.20 each: 25% above the list');
    expect(listPriceText(0.1, 0)).toBe('List price $0.00 each');
  });

  it('issue 30: writes a sub-cent unit price with its decimals, the line total in cents', async () => {
    const user = userEvent.setup({ delay: null });
    render(<OrderLines orderLabel="BP-000002" lines={[line({ unitPrice: 0.0855, quantity: 1000, lineTotal: 85.5, listUnitPrice: 0.09 })]} />);
    await user.click(screen.getByRole('button', { name: /Show/ }));
    const item = within(screen.getByRole('list', { name: 'Lines of BP-000002' })).getAllByRole('listitem')[0]!;
    expect(item.textContent).toContain('1,000 Ps × $0.0855 = $85.50');
    expect(item.textContent).toContain('List price $0.09 each: 5% below the list');
  });
});
