import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { CART_MESSAGES } from '@bulkparts/shared';
import { CartAlreadyOrdered } from './cart-already-ordered';

afterEach(cleanup);

const renderPanel = (order: { orderId: string; orderNumber: string } | null) =>
  render(
    <MemoryRouter>
      <CartAlreadyOrdered outcome={{ message: CART_MESSAGES.alreadyOrdered, order }} />
    </MemoryRouter>,
  );

describe('CartAlreadyOrdered (issue 28)', () => {
  it('names the order the cart became, links to it and to My Orders, and takes the focus', () => {
    renderPanel({ orderId: 'o123', orderNumber: 'BP-000123' });
    const heading = screen.getByRole('heading', { name: 'This cart has already been ordered as BP-000123' });
    expect(document.activeElement).toBe(heading);
    expect(screen.getByRole('link', { name: 'View order BP-000123' }).getAttribute('href')).toBe('/dashboard/payment/o123');
    expect(screen.getByRole('link', { name: 'Go to My Orders' }).getAttribute('href')).toBe('/dashboard/myorders');
  });

  it('without a named order, says so and points to My Orders', () => {
    renderPanel(null);
    expect(screen.getByRole('heading', { name: 'This cart has already been ordered' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: /View order/ })).toBeNull();
    expect(screen.getByRole('link', { name: 'Go to My Orders' }).getAttribute('href')).toBe('/dashboard/myorders');
  });
});
