import { adminOverviewSchema, orderExportQuerySchema } from '@bulkparts/shared';
import type { FastifyInstance } from 'fastify';
import { parseInput } from '../../lib/validate.js';
import { responseSchema } from '../../lib/zod-json-schema.js';
import { createAdminReportsRepository } from './admin-reports.repository.js';
import { createAdminReportsService } from './admin-reports.service.js';

/** The admin overview (revenue, orders per day, top products, low stock) and the orders CSV export. */
export default async function adminReportsRoutes(app: FastifyInstance) {
  const service = createAdminReportsService(createAdminReportsRepository(app.database.db));

  app.get('/admin/overview', { preHandler: app.requireAdmin, schema: { response: { 200: responseSchema(adminOverviewSchema) } } }, async () =>
    service.overview(),
  );

  app.get('/purchase/export.csv', { preHandler: app.requireAdmin }, async (request, reply) => {
    const filter = parseInput(orderExportQuerySchema, request.query);
    const stamp = new Date().toISOString().slice(0, 10);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="orders-${stamp}.csv"`)
      .header('cache-control', 'no-store')
      .send(service.exportOrdersCsv({ ...filter, q: filter.q || undefined }));
  });
}
