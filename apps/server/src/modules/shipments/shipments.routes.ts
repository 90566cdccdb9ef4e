import { carrierSchema, carriersInputSchema, idParamsSchema, shipmentInputSchema, shipmentSchema, type Shipment } from '@bulkparts/shared';
import { z } from 'zod';
import { currentUser } from '../../lib/current-user.js';
import { notFound } from '../../lib/errors.js';
import { type ApiInstance } from '../../lib/validate.js';
import { responseSchema } from '../../lib/zod-json-schema.js';
import type { ShipOrder } from '../orders/order-types.js';
import type { ShipmentsService } from './shipments.service.js';

/** The delivery flow (flows/ship-order.ts) as these routes call it. */
export type DeliverShipment = (id: string, by: string) => Promise<Shipment | undefined>;

/**
 * Issue 31: an order's shipments (admins, or an API key with `orders:write`, ship and deliver;
 * whoever may read the order reads its shipments and packing slips) and the carriers' tracking
 * templates (admins).
 */
export default async function shipmentsRoutes(app: ApiInstance, opts: { shipments: ShipmentsService; ship: ShipOrder; deliver: DeliverShipment }) {
  const { shipments, ship, deliver } = opts;

  app.post(
    '/purchase/:id/shipments',
    {
      preValidation: app.requireAdmin,
      config: { scope: 'orders:write' },
      schema: { params: idParamsSchema, body: shipmentInputSchema, response: { 201: responseSchema(shipmentSchema) } },
    },
    async (request, reply) => reply.status(201).send((await ship(request.params.id, request.body, currentUser(request).id)).shipment),
  );

  app.get(
    '/purchase/:id/shipments',
    {
      preValidation: app.requireUser,
      config: { scope: 'orders:read' },
      schema: { params: idParamsSchema, response: { 200: responseSchema(z.array(shipmentSchema)) } },
    },
    async (request) => shipments.ofOrder(request.params.id, currentUser(request)),
  );

  app.post(
    '/shipments/:id/delivered',
    {
      preValidation: app.requireAdmin,
      config: { scope: 'orders:write' },
      schema: { params: idParamsSchema, response: { 200: responseSchema(shipmentSchema) } },
    },
    async (request) => {
      const shipment = await deliver(request.params.id, currentUser(request).id);
      if (!shipment) throw notFound('Shipment');
      return shipment;
    },
  );

  app.get(
    '/shipments/:id/packing-slip',
    { preValidation: app.requireUser, schema: { params: idParamsSchema, produces: ['application/pdf'] } },
    async (request, reply) => {
      const { filename, pdf } = await shipments.packingSlip(request.params.id, currentUser(request));
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );

  app.get('/carriers', { preValidation: app.requireAdmin, schema: { response: { 200: responseSchema(z.array(carrierSchema)) } } }, async () =>
    shipments.carriers(),
  );

  app.put(
    '/carriers',
    { preValidation: app.requireAdmin, schema: { body: carriersInputSchema, response: { 200: responseSchema(z.array(carrierSchema)) } } },
    async (request) => shipments.setCarriers(request.body),
  );
}
