import { adminInboxSchema, adminOverviewSchema, orderExportQuerySchema } from '@bulkparts/shared';
import { type ApiInstance } from '../../lib/validate.js';
import { responseSchema } from '../../lib/zod-json-schema.js';
import type { AdminReportsService } from './admin-reports.service.js';

/** The admin overview (revenue, orders per day, top products, low stock), the operator's inbox and the orders CSV export. */
export default async function adminReportsRoutes(app: ApiInstance, opts: { adminReports: AdminReportsService }) {
  const service = opts.adminReports;

  app.get('/admin/overview', { preValidation: app.requireAdmin, schema: { response: { 200: responseSchema(adminOverviewSchema) } } }, async () =>
    service.overview(),
  );

  // Issue 33: what needs an operator's action now, each count the length of a filtered admin list.
  app.get('/admin/inbox', { preValidation: app.requireAdmin, schema: { response: { 200: responseSchema(adminInboxSchema) } } }, async () => service.inbox());

  app.get(
    '/purchase/export.csv',
    { preValidation: app.requireAdmin, schema: { querystring: orderExportQuerySchema, produces: ['text/csv'] } },
    async (request, reply) => {
      const filter = request.query;
      const stamp = new Date().toISOString().slice(0, 10);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="orders-${stamp}.csv"`)
        .header('cache-control', 'no-store')
        .send(service.exportOrdersCsv({ ...filter, q: filter.q || undefined }));
    },
  );
}
