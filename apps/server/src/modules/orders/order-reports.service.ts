import type { OrderReportsRepository } from './order-reports.repository.js';

/** Revenue figures and the orders export, for the admin-reports module (which owns no table). */
export function createOrderReportsService(repo: OrderReportsRepository) {
  return {
    revenueTotals: () => repo.revenueTotals(),
    inboxCounts: (now: string) => repo.inboxCounts(now),
    perDay: (sinceIso: string) => repo.perDay(sinceIso),
    topProducts: (limit: number) => repo.topProducts(limit),
    exportPage: repo.exportPage,
    linesOf: repo.linesOf,
  };
}

export type OrderReportsService = ReturnType<typeof createOrderReportsService>;
