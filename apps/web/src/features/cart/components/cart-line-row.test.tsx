import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CartLineRow, type CartLineView } from './cart-line-row';

afterEach(cleanup);

const line: CartLineView = {
  productId: 'p1',
  sku: 'WA-M6',
  name: 'Washer M6',
  img: '',
  unitPrice: 0.15,
  quantity: 450,
  lineTotal: 67.5,
  minimumOrderQuantity: 50,
  availableQuantity: 5000,
  orderMultiple: 1,
  priceTiers: [
    { minQuantity: 200, price: 0.15 },
    { minQuantity: 500, price: 0.12 },
  ],
  problem: null,
  backorder: { allowed: false, leadTimeDays: null, nextRestockDate: null },
  weightKg: null,
};

function renderLine(view: CartLineView, onQuantity = vi.fn()) {
  render(
    <MemoryRouter>
      <table>
        <tbody>
          <CartLineRow line={view} onQuantity={onQuantity} onRemove={vi.fn()} busy={false} />
        </tbody>
      </table>
    </MemoryRouter>,
  );
  return onQuantity;
}

describe('CartLineRow: tiers and pack multiples (issue 17), saved on Enter or leaving the field (issue 33)', () => {
  it('shows the line’s own price per piece and the nudge to the next tier', () => {
    renderLine(line);
    expect(screen.getByText(/per piece/).closest('td')?.textContent).toBe('$0.15 per piece');
    expect(screen.getByText('Add 50 Ps to reach $0.12/Ps')).toBeTruthy();
  });

  it('does not nudge past the stock, in the top tier, or on a line with a problem', () => {
    renderLine({ ...line, availableQuantity: 480 });
    renderLine({ ...line, productId: 'p2', quantity: 500 });
    renderLine({ ...line, productId: 'p3', problem: 'Only 400 Ps left in stock' });
    expect(screen.queryByText(/to reach/)).toBeNull();
  });

  it('names the multiple in the rule and refuses another quantity in the shared words before saving', async () => {
    const user = userEvent.setup({ delay: null });
    const onQuantity = renderLine({ ...line, orderMultiple: 25, minimumOrderQuantity: 60, quantity: 450 });
    expect(screen.getByText('75 to 1,000 pieces in multiples of 25')).toBeTruthy();
    const quantity = screen.getByLabelText('Quantity of Washer M6');
    await user.clear(quantity);
    await user.type(quantity, '460{Enter}');
    expect((await screen.findByRole('alert')).textContent).toBe('Order in multiples of 25 Ps');
    expect(onQuantity).not.toHaveBeenCalled();
  });

  it('saves a new quantity on Enter, and on leaving the field, once each', async () => {
    const user = userEvent.setup({ delay: null });
    const onQuantity = renderLine(line, vi.fn().mockResolvedValue(undefined));
    const quantity = screen.getByLabelText('Quantity of Washer M6');
    // Leaving the field unchanged saves nothing.
    await user.click(quantity);
    await user.tab();
    expect(onQuantity).not.toHaveBeenCalled();
    await user.clear(quantity);
    await user.type(quantity, '500{Enter}');
    expect(onQuantity).toHaveBeenCalledWith(500);
    await user.clear(quantity);
    await user.type(quantity, '600');
    await user.tab();
    expect(onQuantity).toHaveBeenLastCalledWith(600);
    expect(onQuantity).toHaveBeenCalledTimes(2);
  });
});
