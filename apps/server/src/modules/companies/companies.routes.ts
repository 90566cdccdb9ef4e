import {
  addressParamsSchema,
  companyAddressInputSchema,
  companyAddressSchema,
  companyCreateSchema,
  companyListQuerySchema,
  companyPriceInputSchema,
  companyPriceSchema,
  companySchema,
  companyUpdateSchema,
  idParamsSchema,
  invitationCreateSchema,
  invitationParamsSchema,
  invitationPreviewSchema,
  invitationSchema,
  memberParamsSchema,
  memberSchema,
  memberUpdateSchema,
  priceParamsSchema,
  tokenParamsSchema,
  TOTAL_COUNT_HEADER,
} from '@bulkparts/shared';
import { z } from 'zod';
import { currentUser } from '../../lib/current-user.js';
import { type ApiInstance } from '../../lib/validate.js';
import { responseSchema } from '../../lib/zod-json-schema.js';
import type { RateLimiter } from '../rate-limit/rate-limit.service.js';
import type { CompaniesService } from './companies.service.js';

/** Invitations mail addresses someone typed: at most this many per account and hour. */
const INVITATIONS_PER_HOUR = 50;

/**
 * `/api/companies` and `/api/invitations` (issue 18). Every route but the invitation preview needs
 * a session; who may do what inside a company is the service's (`company-access.ts`): a company
 * exists only for its members and shop admins (anyone else: 404).
 */
export default async function companiesRoutes(app: ApiInstance, opts: { companies: CompaniesService; rateLimiter: RateLimiter }) {
  const { companies, rateLimiter } = opts;
  const company = { 200: responseSchema(companySchema) };

  app.post(
    '/companies',
    { preValidation: app.requireUser, schema: { body: companyCreateSchema, response: { 201: responseSchema(companySchema) } } },
    async (request, reply) => reply.status(201).send(await companies.create(request.body, currentUser(request))),
  );

  app.get('/companies/me', { preValidation: app.requireUser, schema: { response: company } }, async (request) => companies.mine(currentUser(request)));

  app.get(
    '/companies',
    { preValidation: app.requireAdmin, schema: { querystring: companyListQuerySchema, response: { 200: responseSchema(z.array(companySchema)) } } },
    async (request, reply) => {
      const { items, total } = await companies.list(request.query, currentUser(request));
      reply.header(TOTAL_COUNT_HEADER, String(total));
      return items;
    },
  );

  app.get('/companies/:id', { preValidation: app.requireUser, schema: { params: idParamsSchema, response: company } }, async (request) =>
    companies.get(request.params.id, currentUser(request)),
  );

  app.patch(
    '/companies/:id',
    { preValidation: app.requireUser, schema: { params: idParamsSchema, body: companyUpdateSchema, response: company } },
    async (request) => companies.update(request.params.id, request.body, currentUser(request)),
  );

  // Members.
  app.get(
    '/companies/:id/members',
    { preValidation: app.requireUser, schema: { params: idParamsSchema, response: { 200: responseSchema(z.array(memberSchema)) } } },
    async (request) => companies.members(request.params.id, currentUser(request)),
  );

  app.patch(
    '/companies/:id/members/:userId',
    { preValidation: app.requireUser, schema: { params: memberParamsSchema, body: memberUpdateSchema, response: { 200: responseSchema(memberSchema) } } },
    async (request) => companies.updateMember(request.params.id, request.params.userId, request.body, currentUser(request)),
  );

  app.delete('/companies/:id/members/:userId', { preValidation: app.requireUser, schema: { params: memberParamsSchema } }, async (request, reply) => {
    await companies.removeMember(request.params.id, request.params.userId, currentUser(request));
    return reply.status(204).send();
  });

  // Invitations.
  app.get(
    '/companies/:id/invitations',
    { preValidation: app.requireUser, schema: { params: idParamsSchema, response: { 200: responseSchema(z.array(invitationSchema)) } } },
    async (request) => companies.invitations(request.params.id, currentUser(request)),
  );

  // A confirmed address to mail others, and a per-account rate.
  app.post(
    '/companies/:id/invitations',
    {
      preValidation: app.requireVerifiedUser,
      schema: { params: idParamsSchema, body: invitationCreateSchema, response: { 201: responseSchema(invitationSchema) } },
    },
    async (request, reply) => {
      const user = currentUser(request);
      await rateLimiter.consume([{ name: 'invitation:account', rule: { max: INVITATIONS_PER_HOUR, windowSeconds: 3600 }, subject: user.id }]);
      return reply.status(201).send(await companies.invite(request.params.id, request.body, user));
    },
  );

  app.delete(
    '/companies/:id/invitations/:invitationId',
    { preValidation: app.requireUser, schema: { params: invitationParamsSchema, response: { 200: responseSchema(invitationSchema) } } },
    async (request) => companies.revoke(request.params.id, request.params.invitationId, currentUser(request)),
  );

  app.get(
    '/invitations/:token',
    { schema: { params: tokenParamsSchema, response: { 200: responseSchema(invitationPreviewSchema) } } },
    async (request, reply) => {
      // The token is a credential: keep the answer out of shared caches.
      reply.header('cache-control', 'private, no-store');
      return companies.preview(request.params.token);
    },
  );

  app.post('/invitations/:token/accept', { preValidation: app.requireUser, schema: { params: tokenParamsSchema, response: company } }, async (request) =>
    companies.accept(request.params.token, currentUser(request)),
  );

  // Addresses.
  app.get(
    '/companies/:id/addresses',
    { preValidation: app.requireUser, schema: { params: idParamsSchema, response: { 200: responseSchema(z.array(companyAddressSchema)) } } },
    async (request) => companies.addresses(request.params.id, currentUser(request)),
  );

  app.post(
    '/companies/:id/addresses',
    {
      preValidation: app.requireUser,
      schema: { params: idParamsSchema, body: companyAddressInputSchema, response: { 201: responseSchema(companyAddressSchema) } },
    },
    async (request, reply) => reply.status(201).send(await companies.addAddress(request.params.id, request.body, currentUser(request))),
  );

  app.delete('/companies/:id/addresses/:addressId', { preValidation: app.requireUser, schema: { params: addressParamsSchema } }, async (request, reply) => {
    await companies.removeAddress(request.params.id, request.params.addressId, currentUser(request));
    return reply.status(204).send();
  });

  // Company prices.
  app.get(
    '/companies/:id/prices',
    { preValidation: app.requireUser, schema: { params: idParamsSchema, response: { 200: responseSchema(z.array(companyPriceSchema)) } } },
    async (request) => companies.prices(request.params.id, currentUser(request)),
  );

  app.put(
    '/companies/:id/prices/:productId',
    {
      preValidation: app.requireUser,
      schema: { params: priceParamsSchema, body: companyPriceInputSchema, response: { 200: responseSchema(companyPriceSchema) } },
    },
    async (request) => companies.setPrice(request.params.id, request.params.productId, request.body.price, currentUser(request)),
  );

  app.delete('/companies/:id/prices/:productId', { preValidation: app.requireUser, schema: { params: priceParamsSchema } }, async (request, reply) => {
    await companies.removePrice(request.params.id, request.params.productId, currentUser(request));
    return reply.status(204).send();
  });
}
