import type { FastifyInstance } from 'fastify';
import type { ApiKeyScope, CreatedApiKey } from '@bulkparts/shared';
import type { SignedInUser } from '../helpers/factories.js';

/** Creates a key through the API as `admin`; answers it with its secret. */
export async function createKey(app: FastifyInstance, admin: SignedInUser, scopes: ApiKeyScope[], name = `Key ${scopes.join(' ')}`): Promise<CreatedApiKey> {
  const res = await app.inject({ method: 'POST', url: '/api/api-keys', headers: { cookie: admin.cookie }, payload: { name, scopes } });
  if (res.statusCode !== 201) throw new Error(`create key failed: ${res.statusCode} ${res.body}`);
  return res.json() as CreatedApiKey;
}

export const bearer = (key: { secret: string }) => ({ authorization: `Bearer ${key.secret}` });
