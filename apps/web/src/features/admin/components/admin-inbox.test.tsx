import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminInbox as Inbox } from '@bulkparts/shared';
import { AdminInbox } from './admin-inbox';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('AdminInbox (issue 33)', () => {
  it('shows each count, thousands separated, as a link to the list filtered to what it counts', async () => {
    const inbox: Inbox = { toShip: 1200, quotesToAnswer: 3, awaitingApproval: 0, overdueInvoices: 2, lowStock: 7, returnsToReceive: 0 };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify(inbox), { status: 200, headers: { 'content-type': 'application/json' } })),
    );
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter>
          <AdminInbox />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const toShip = await screen.findByRole('link', { name: 'Orders to ship 1,200' });
    expect(toShip.getAttribute('href')).toBe('/dashboard/manageallorder?status=paid');
    expect(screen.getByRole('link', { name: 'Quotes to answer 3' }).getAttribute('href')).toBe('/dashboard/quotes?status=requested');
    expect(screen.getByRole('link', { name: 'Orders awaiting approval 0 No order waits for a company approver.' }).getAttribute('href')).toBe(
      '/dashboard/manageallorder?status=awaiting_approval',
    );
    expect(screen.getByRole('link', { name: 'Overdue invoices 2' }).getAttribute('href')).toBe('/dashboard/manageallorder?overdue=true');
    expect(screen.getByRole('link', { name: 'Low-stock products 7' }).getAttribute('href')).toBe('/dashboard/allproduct?stock=low&archived=active');
    // Issue 31: the approved returns, whose parts are on their way.
    expect(screen.getByRole('link', { name: 'Returns to receive 0 No return is on its way.' }).getAttribute('href')).toBe('/dashboard/returns?status=approved');
    expect(screen.getByText('No return is on its way.')).toBeTruthy();
  });
});
