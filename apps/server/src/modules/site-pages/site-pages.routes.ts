import { sitePageInputSchema, sitePageParamsSchema, sitePageSchema } from '@bulkparts/shared';
import { currentUser } from '../../lib/current-user.js';
import { type ApiInstance } from '../../lib/validate.js';
import { responseSchema } from '../../lib/zod-json-schema.js';
import type { SitePagesService } from './site-pages.service.js';

/** `/api/pages/{slug}` (issue 33): the terms of sale and privacy texts, read by anyone, written by admins. */
export default async function sitePagesRoutes(app: ApiInstance, opts: { pages: SitePagesService }) {
  const { pages } = opts;
  const one = { 200: responseSchema(sitePageSchema) };

  app.get('/pages/:slug', { schema: { params: sitePageParamsSchema, response: one } }, async (request) => pages.get(request.params.slug));

  app.put(
    '/pages/:slug',
    { preValidation: app.requireAdmin, schema: { params: sitePageParamsSchema, body: sitePageInputSchema, response: one } },
    async (request) => pages.save(request.params.slug, request.body, currentUser(request)),
  );
}
