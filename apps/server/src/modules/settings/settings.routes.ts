import { sellerInputSchema, sellerSchema } from '@bulkparts/shared';
import { currentUser } from '../../lib/current-user.js';
import { type ApiInstance } from '../../lib/validate.js';
import { responseSchema } from '../../lib/zod-json-schema.js';
import type { SettingsService } from './settings.service.js';

/** `/api/settings/seller` (issue 30): the seller's identity, read and written by shop admins (its public part: `GET /api/auth-config`). */
export default async function settingsRoutes(app: ApiInstance, opts: { settings: SettingsService }) {
  const { settings } = opts;
  const one = { 200: responseSchema(sellerSchema) };

  app.get('/settings/seller', { preValidation: app.requireAdmin, schema: { response: one } }, async () => settings.seller());

  app.put('/settings/seller', { preValidation: app.requireAdmin, schema: { body: sellerInputSchema, response: one } }, async (request) =>
    settings.saveSeller(request.body, currentUser(request)),
  );
}
