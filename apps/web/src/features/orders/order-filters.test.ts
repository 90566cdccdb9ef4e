import { describe, expect, it } from 'vitest';
import { NO_ORDER_FILTERS, orderFiltersFrom, orderFiltersQuery } from './order-filters';

describe("My Orders' filters read from the address (issue 29)", () => {
  it('keeps real days, a known status and the search', () => {
    const filters = orderFiltersFrom(new URLSearchParams('q=PO-7&status=paid&from=2026-11-01&to=2026-11-30'));
    expect(orderFiltersQuery(filters)).toEqual({ q: 'PO-7', status: 'paid', from: '2026-11-01', to: '2026-11-30' });
  });

  it("reads a date that is not one, or an unknown status, as none: another page's `from` never reaches the API", () => {
    for (const query of ['from=e2e', 'from=2026-02-30', 'to=tomorrow', 'status=lost']) {
      expect(orderFiltersFrom(new URLSearchParams(query)), query).toEqual(NO_ORDER_FILTERS);
    }
  });
});
