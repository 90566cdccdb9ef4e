import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { Order, OrderLine } from '@bulkparts/shared';
import { OrderSummary } from './order-summary';

afterEach(cleanup);

const line = (n: number, name: string, unitPrice: number, quantity: number): OrderLine => ({
  productId: `p${n}`,
  sku: `SKU-${n}`,
  name,
  img: `/img/${n}.png`,
  unitPrice,
  quantity,
  lineTotal: Math.round(unitPrice * quantity * 100) / 100,
  shipped: 0,
  backordered: 0,
  promisedDispatch: null,
  returned: 0,
});

const order = (lines: OrderLine[], top: Partial<Order>) =>
  ({ _id: 'o1', orderNumber: 'BP-000042', img: '/img/1.png', status: 'pending', expiresAt: null, dueDate: null, lines, ...top }) as Order;

const summary = () => within(screen.getByRole('region', { name: 'Order summary' }));
const valueOf = (term: string) => summary().getByText(term, { selector: 'dt' }).nextElementSibling?.textContent;

describe('OrderSummary (the payment page, issue 29)', () => {
  it('a 3-line order: its parts, "3 lines" and the order total, its lines behind a disclosure; no summed pieces or first line’s price', async () => {
    const lines = [line(1, 'Hex Bolt M8x40', 0.18, 500), line(2, 'Hex nut M8', 0.05, 1000), line(3, 'Washer M8', 0.02, 1000)];
    render(<OrderSummary order={order(lines, { Name: 'Hex Bolt M8x40 and 2 more', quantity: 2500, price: 0.18, total: 160 })} />);
    expect(valueOf('Products')).toContain('Hex Bolt M8x40 and 2 more parts');
    expect(valueOf('Lines')).toBe('3 lines');
    expect(valueOf('Total')).toBe('$160.00');
    expect(summary().queryByText('Quantity')).toBeNull();
    expect(summary().queryByText('Unit price')).toBeNull();
    expect(document.body.textContent).not.toContain('2,500 Ps');

    const disclosure = summary().getByRole('button', { name: 'Show 3 lines of BP-000042' });
    expect(disclosure.getAttribute('aria-expanded')).toBe('false');
    await userEvent.setup({ delay: null }).click(disclosure);
    expect(disclosure.getAttribute('aria-expanded')).toBe('true');
    const items = within(summary().getByRole('list', { name: 'Lines of BP-000042' })).getAllByRole('listitem');
    expect(items.map((i) => i.textContent)).toEqual([
      'SKU-1 Hex Bolt M8x40500 Ps × $0.18 = $90.00',
      'SKU-2 Hex nut M81,000 Ps × $0.05 = $50.00',
      'SKU-3 Washer M81,000 Ps × $0.02 = $20.00',
    ]);
  });

  it('a one-line order keeps its quantity and unit price', () => {
    render(<OrderSummary order={order([line(1, 'Hex Bolt M8x40', 0.18, 500)], { Name: 'Hex Bolt M8x40', quantity: 500, price: 0.18, total: 90 })} />);
    expect(valueOf('Product')).toBe('Hex Bolt M8x40');
    expect(valueOf('Quantity')).toBe('500 Ps');
    expect(valueOf('Unit price')).toBe('$0.18');
    expect(valueOf('Total')).toBe('$90.00');
    expect(summary().queryByRole('button')).toBeNull();
  });
});
