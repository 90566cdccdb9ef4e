import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CLIENT_ROUTE_PATTERNS, isClientRoute } from '@bulkparts/shared/routes';

/** The router's paths, read from its source (nested under `dashboard`), so the server's list of pages cannot drift from it. */
function routerPaths(): string[] {
  const source = readFileSync(new URL('./router.tsx', import.meta.url), 'utf8');
  const dashboardStart = source.indexOf('path="dashboard"');
  const dashboardEnd = source.lastIndexOf('path="*"');
  const paths = ['/'];
  for (const m of source.matchAll(/path="([^"*]+)"/g)) {
    const nested = m.index > dashboardStart && m.index < dashboardEnd && m[1] !== 'dashboard';
    paths.push(nested ? `/dashboard/${m[1]}` : `/${m[1]}`);
  }
  return paths;
}

describe('client routes', () => {
  it('the shared list is exactly the router', () => {
    expect([...CLIENT_ROUTE_PATTERNS].sort()).toEqual(routerPaths().sort());
  });

  it('matches pages with ids and refuses anything else', () => {
    expect(isClientRoute('/productdetails/0123456789abcdef01234567')).toBe(true);
    expect(isClientRoute('/dashboard/payment/abc')).toBe(true);
    expect(isClientRoute('/products/')).toBe(true);
    expect(isClientRoute('/no-such-page')).toBe(false);
    expect(isClientRoute('/productdetails')).toBe(false);
    expect(isClientRoute('/dashboard/payment/a/b')).toBe(false);
  });
});
