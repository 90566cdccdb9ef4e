import { categoryInputSchema, categoryPatchSchema, categorySchema, categorySlugParamsSchema } from '@bulkparts/shared';
import { z } from 'zod';
import { type ApiInstance } from '../../lib/validate.js';
import { responseSchema } from '../../lib/zod-json-schema.js';
import type { CategoriesService } from './categories.service.js';

/** `/api/categories`: the category tree for everybody; writes are for admins. */
export default async function categoriesRoutes(app: ApiInstance, opts: { categories: CategoriesService }) {
  const service = opts.categories;
  const category = responseSchema(categorySchema);

  // From the catalogue cache: the categories service clears it after its writes and the products
  // service after every product write, the two things the counts depend on.
  app.get(
    '/categories',
    { config: { catalogueCache: {}, scope: 'catalog:read' }, schema: { response: { 200: responseSchema(z.array(categorySchema)) } } },
    async () => service.list(),
  );

  app.post(
    '/categories',
    { preValidation: app.requireAdmin, config: { scope: 'catalog:write' }, schema: { body: categoryInputSchema, response: { 201: category } } },
    async (request, reply) => reply.status(201).send(await service.create(request.body)),
  );

  app.patch(
    '/categories/:slug',
    {
      preValidation: app.requireAdmin,
      config: { scope: 'catalog:write' },
      schema: { params: categorySlugParamsSchema, body: categoryPatchSchema, response: { 200: category } },
    },
    async (request) => service.update(request.params.slug, request.body),
  );

  app.delete(
    '/categories/:slug',
    {
      preValidation: app.requireAdmin,
      config: { scope: 'catalog:write' },
      schema: { params: categorySlugParamsSchema, response: { 200: responseSchema(z.object({ deleted: z.boolean() })) } },
    },
    async (request) => service.remove(request.params.slug),
  );
}
