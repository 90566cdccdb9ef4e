import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { AuthConfig } from '@bulkparts/shared';
import { authQueries } from '@/features/auth/api/auth-queries';
import { Component as ContactPage } from './contact';
import { Component as AboutPage } from './about';

/** Issue 30: the Contact and About pages show the seller record (GET /api/auth-config's contact), the same lines the invoice prints. */
const CONFIG: AuthConfig = {
  google: false,
  contact: {
    legalName: 'Bulkparts B.V.',
    address: 'Keizersgracht 1\n1015 CJ Amsterdam',
    country: 'NL',
    email: 'billing@bulkparts.example',
    phone: '+31 20 123 4567',
  },
};

function renderPage(page: React.ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(authQueries.config().queryKey, CONFIG);
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>{page}</MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(cleanup);

describe('the seller on the Contact and About pages', () => {
  it('Contact shows the record’s name, address lines and country, phone and email', () => {
    renderPage(<ContactPage />);
    const address = screen.getByText('Keizersgracht 1').closest('address')!;
    for (const line of ['Bulkparts B.V.', 'Keizersgracht 1', '1015 CJ Amsterdam', 'Netherlands']) expect(address.textContent).toContain(line);
    expect(screen.getByRole('link', { name: '+31 20 123 4567' }).getAttribute('href')).toBe('tel:+31201234567');
    expect(screen.getByRole('link', { name: 'billing@bulkparts.example' }).getAttribute('href')).toBe('mailto:billing@bulkparts.example');
  });

  it('About names the seller at the same address, on one line', () => {
    renderPage(<AboutPage />);
    expect(screen.getByText(/Bulkparts B\.V\.: you will find us at/).textContent).toContain('Keizersgracht 1, 1015 CJ Amsterdam, Netherlands');
  });
});
