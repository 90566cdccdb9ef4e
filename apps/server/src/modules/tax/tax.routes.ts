import { taxContextQuerySchema, taxContextSchema, taxRateSchema, taxRatesPutSchema } from '@bulkparts/shared';
import { z } from 'zod';
import { type ApiInstance } from '../../lib/validate.js';
import { currentUser } from '../../lib/current-user.js';
import { responseSchema } from '../../lib/zod-json-schema.js';
import type { TaxService } from './tax.service.js';

/** The buyer's company for the tax context (the companies module answers). */
export type CompanyOfUser = (userId: string) => Promise<string | null>;

/**
 * `/api/tax` (issue 30): shop admins read and replace the rates; a signed-in buyer reads the tax
 * context of a destination, which the checkout feeds the shared `planOrder` to show the figures
 * the order will have.
 */
export default async function taxRoutes(app: ApiInstance, opts: { tax: TaxService; companyOf: CompanyOfUser }) {
  const { tax, companyOf } = opts;
  const rates = z.object({ rates: z.array(taxRateSchema) });

  app.get('/tax/rates', { preValidation: app.requireAdmin, schema: { response: { 200: responseSchema(rates) } } }, async () => ({ rates: await tax.rates() }));

  app.put(
    '/tax/rates',
    { preValidation: app.requireAdmin, schema: { body: taxRatesPutSchema, response: { 200: responseSchema(rates) } } },
    async (request) => ({
      rates: await tax.replaceRates(request.body),
    }),
  );

  app.get(
    '/tax/context',
    { preValidation: app.requireUser, schema: { querystring: taxContextQuerySchema, response: { 200: responseSchema(taxContextSchema) } } },
    async (request) => {
      const { country, region } = request.query;
      return tax.contextFor({
        companyId: await companyOf(currentUser(request).id),
        destination: country ? { country, region: region || null } : null,
        today: new Date().toISOString().slice(0, 10),
      });
    },
  );
}
