import { apiKeyInputSchema, apiKeySchema, createdApiKeySchema, idParamsSchema } from '@bulkparts/shared';
import { z } from 'zod';
import { currentUser } from '../../lib/current-user.js';
import { type ApiInstance } from '../../lib/validate.js';
import { responseSchema } from '../../lib/zod-json-schema.js';
import type { ApiKeysService } from './api-keys.service.js';

/**
 * `/api/api-keys` (issue 19): shop admins with a session only. These routes state no scope, so no
 * API key can call them (plugins/api-key-auth.ts): a key never makes or revokes keys.
 */
export default async function apiKeysRoutes(app: ApiInstance, opts: { apiKeys: ApiKeysService }) {
  const { apiKeys } = opts;

  app.post(
    '/api-keys',
    { preValidation: app.requireAdmin, schema: { body: apiKeyInputSchema, response: { 201: responseSchema(createdApiKeySchema) } } },
    async (request, reply) =>
      reply
        .status(201)
        .header('cache-control', 'no-store')
        .send(await apiKeys.create(request.body, currentUser(request).id)),
  );

  app.get('/api-keys', { preValidation: app.requireAdmin, schema: { response: { 200: responseSchema(z.array(apiKeySchema)) } } }, async () => apiKeys.list());

  app.delete(
    '/api-keys/:id',
    { preValidation: app.requireAdmin, schema: { params: idParamsSchema, response: { 200: responseSchema(apiKeySchema) } } },
    async (request) => apiKeys.revoke(request.params.id),
  );
}
