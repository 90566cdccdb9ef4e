import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { PriceTierTable, type TierTableProduct } from './price-tier-table';

afterEach(cleanup);

const product: TierTableProduct = {
  price: 0.18,
  priceTiers: [
    { minQuantity: 200, price: 0.15 },
    { minQuantity: 500, price: 0.12 },
  ],
  minimumOrderQuantity: 50,
  orderMultiple: 1,
  availableQuantity: 5000,
};

const rows = () =>
  within(screen.getByRole('table', { name: 'Quantity prices' }))
    .getAllByRole('row')
    .slice(1);
const current = () => rows().filter((r) => r.getAttribute('aria-current') === 'true');

describe('PriceTierTable', () => {
  it('lists the list price at the smallest order, then each tier, as From / Price per piece', () => {
    render(<PriceTierTable product={product} />);
    expect(
      within(screen.getByRole('table'))
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['From', 'Price per piece']);
    expect(rows().map((r) => r.textContent)).toEqual(['50 Ps$0.18/Ps', '200 Ps$0.15/Ps', '500 Ps$0.12/Ps']);
    expect(current()).toHaveLength(0);
  });

  it.each([
    [199, '50 Ps', null, 'Add 1 Ps to reach $0.15/Ps'],
    [200, '200 Ps', 'You save $6.00', 'Add 300 Ps to reach $0.12/Ps'],
    [499, '200 Ps', 'You save $14.97', 'Add 1 Ps to reach $0.12/Ps'],
    [500, '500 Ps', 'You save $30.00', null],
  ])('at %i pieces marks the %s row as your price (aria-current and text), with the saving and the nudge', (quantity, row, saving, nudge) => {
    render(<PriceTierTable product={product} quantity={quantity} />);
    expect(current()).toHaveLength(1);
    const reached = current()[0]!;
    expect(within(reached).getByRole('rowheader').textContent).toBe(row);
    expect(within(reached).getByText('Your price')).toBeTruthy();
    const region = document.querySelector('[aria-live="polite"]')!;
    if (saving) expect(region.textContent).toContain(saving);
    else expect(region.textContent).not.toContain('You save');
    if (nudge) expect(region.textContent).toContain(nudge);
    else expect(region.textContent).not.toContain('Add ');
  });

  it('starts at the smallest order rounded up to the pack multiple, and does not nudge past the stock', () => {
    render(<PriceTierTable product={{ ...product, minimumOrderQuantity: 60, orderMultiple: 25, availableQuantity: 400 }} quantity={300} />);
    expect(rows()[0]!.textContent).toBe('75 Ps$0.18/Ps');
    expect(document.querySelector('[aria-live="polite"]')!.textContent).toBe('You save $9.00');
  });

  it('shows nothing for a product without tiers', () => {
    const { container } = render(<PriceTierTable product={{ ...product, priceTiers: [] }} quantity={200} />);
    expect(container.innerHTML).toBe('');
  });

  it('issue 30: sub-cent prices keep their decimals (2 to 4) in the rows, the saving and the nudge', () => {
    const washers: TierTableProduct = {
      price: 0.0125,
      priceTiers: [
        { minQuantity: 1000, price: 0.0099 },
        { minQuantity: 5000, price: 0.009 },
      ],
      minimumOrderQuantity: 100,
      orderMultiple: 1,
      availableQuantity: 100_000,
    };
    const { rerender } = render(<PriceTierTable product={washers} />);
    expect(rows().map((r) => r.textContent)).toEqual(['100 Ps$0.0125/Ps', '1,000 Ps$0.0099/Ps', '5,000 Ps$0.009/Ps']);
    const region = () => document.querySelector('[aria-live="polite"]')!.textContent;
    rerender(<PriceTierTable product={washers} quantity={600} />);
    expect(region()).toBe('Add 400 Ps to reach $0.0099/Ps');
    // 1,000 × ($0.0125 − $0.0099) = $2.60.
    rerender(<PriceTierTable product={washers} quantity={1000} />);
    expect(region()).toBe('You save $2.60');
  });
});
