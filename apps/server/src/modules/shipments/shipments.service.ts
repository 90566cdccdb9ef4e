import {
  formatShipmentNumber,
  isObjectId,
  trackingUrlFor,
  type Carrier,
  type CarriersInput,
  type Order,
  type Shipment,
  type Warehouse,
} from '@bulkparts/shared';
import type { UnitOfWork } from '../../db/unit-of-work.js';
import { notFound } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import type { SessionUser } from '../../lib/session-user.js';
import type { InvoiceRenderer } from '../payments/invoice-renderer.js';
import { packingSlipDocument, packingSlipFilename } from './packing-slip.js';
import type { CarrierRow, ShipmentLineRow, ShipmentRow, ShipmentsRepository } from './shipments.repository.js';

/** A new shipment as the ship flow writes it. */
export interface NewShipment {
  orderId: string;
  warehouseId: string;
  carrier: string | null;
  trackingNumber: string | null;
  by: string;
  at: string;
  lines: { orderLineNo: number; productId: string; sku: string; name: string; quantity: number }[];
}

/** The warehouses' codes by id and the carriers' templates, as a shipment's answer needs them. */
export interface ShipmentContext {
  codes: ReadonlyMap<string, string>;
  carriers: readonly Carrier[];
}

const toCarrier = (r: CarrierRow): Carrier => ({ code: r.code, name: r.name, trackingUrlTemplate: r.tracking_url_template });

export interface ShipmentsDeps {
  repo: ShipmentsRepository;
  /** Every warehouse (the warehouses service): a shipment names the one it left from by code. */
  warehouses: () => Promise<readonly Warehouse[]>;
  /** The order as `user` may read it (the orders service: 404 for anyone else). */
  readableOrder: (orderId: string, user: SessionUser) => Promise<Order>;
  renderer: Pick<InvoiceRenderer, 'renderPrinted'>;
  /** Issue 30: the seller record's document lines (its legal name first). */
  seller: () => Promise<string[]>;
}

/**
 * Shipments (issue 31): an order's shipments as the API answers them (with their tracking links
 * from the admins' carrier templates), the carriers' list, a shipment's packing slip, and the
 * steps the ship and deliver flows run in their units.
 */
export function createShipmentsService({ repo, warehouses, readableOrder, renderer, seller }: ShipmentsDeps) {
  /**
   * What a shipment's answer needs besides its rows (the warehouses' codes, the carriers' templates),
   * read outside any unit: on SQLite the one connection is the unit's until it commits.
   */
  async function context(): Promise<ShipmentContext> {
    const [list, carriers] = await Promise.all([warehouses(), repo.carriers()]);
    return { codes: new Map(list.map((w) => [w._id, w.code])), carriers: carriers.map(toCarrier) };
  }

  function viewWith({ codes, carriers: known }: ShipmentContext, rows: readonly ShipmentRow[], lines: readonly ShipmentLineRow[]): Shipment[] {
    return rows.map((r) => ({
      _id: r.id,
      shipmentNumber: formatShipmentNumber(Number(r.shipment_number)),
      orderId: r.order_id,
      lines: lines
        .filter((l) => l.shipment_id === r.id)
        .map((l) => ({ productId: l.product_id, sku: l.sku, name: l.product_name, quantity: Number(l.quantity) })),
      carrier: r.carrier,
      trackingNumber: r.tracking_number,
      trackingUrl: trackingUrlFor(known, r.carrier, r.tracking_number),
      warehouse: codes.get(r.warehouse_id) ?? '',
      shippedAt: r.shipped_at,
      deliveredAt: r.delivered_at,
    }));
  }

  const view = async (rows: readonly ShipmentRow[], lines: readonly ShipmentLineRow[]): Promise<Shipment[]> =>
    rows.length === 0 ? [] : viewWith(await context(), rows, lines);

  /** A shipment and its order, when `user` may read the order; 404 otherwise (as for a missing one). */
  async function readable(id: string, user: SessionUser): Promise<{ shipment: Shipment; order: Order }> {
    const found = isObjectId(id) ? await repo.findById(id) : undefined;
    if (!found) throw notFound('Shipment');
    const order = await readableOrder(found.row.order_id, user).catch(() => {
      throw notFound('Shipment');
    });
    return { shipment: (await view([found.row], found.lines))[0]!, order };
  }

  return {
    /** `GET /api/purchase/:id/shipments`: the order's shipments, oldest first, for whoever may read the order. */
    async ofOrder(orderId: string, user: SessionUser): Promise<Shipment[]> {
      await readableOrder(orderId, user);
      const { rows, lines } = await repo.ofOrder(orderId);
      return view(rows, lines);
    },

    /** One shipment as the delivery flow starts from (undefined: none). */
    async find(id: string): Promise<Shipment | undefined> {
      const found = isObjectId(id) ? await repo.findById(id) : undefined;
      return found && (await view([found.row], found.lines))[0];
    },

    /** `GET /api/shipments/:id/packing-slip`. */
    async packingSlip(id: string, user: SessionUser): Promise<{ filename: string; pdf: Buffer }> {
      const { shipment, order } = await readable(id, user);
      const [all, sellerLines] = await Promise.all([warehouses(), seller()]);
      const from = all.find((w) => w.code === shipment.warehouse);
      const pdf = await renderer.renderPrinted(
        packingSlipDocument(
          shipment,
          order,
          {
            code: shipment.warehouse,
            name: from?.name ?? shipment.warehouse,
            address: from?.address ?? order.shippingAddress!,
          },
          sellerLines[0] ?? '',
        ),
      );
      return { filename: packingSlipFilename(shipment), pdf };
    },

    carriers: async (): Promise<Carrier[]> => (await repo.carriers()).map(toCarrier),

    /** Issue 31: when the order's pieces last arrived (the return window runs from it); null: nothing shipped. */
    lastActivity: (orderId: string) => repo.lastActivity(orderId),

    /** `PUT /api/carriers`: the list replaced as given (its order is the list's). */
    async setCarriers(input: CarriersInput): Promise<Carrier[]> {
      await repo.replaceCarriers(
        input.carriers.map((c, i) => ({ code: c.code.toUpperCase(), name: c.name, tracking_url_template: c.trackingUrlTemplate, position: i + 1 })),
      );
      return (await repo.carriers()).map(toCarrier);
    },

    /** What the steps below need, read before the unit. */
    context,

    /** In the ship flow's unit: the shipment and its lines, numbered; answers it as the API shows it. */
    async insertIn(uow: UnitOfWork, ctx: ShipmentContext, s: NewShipment): Promise<Shipment> {
      const id = newId();
      const row = {
        id,
        order_id: s.orderId,
        warehouse_id: s.warehouseId,
        carrier: s.carrier,
        tracking_number: s.trackingNumber,
        shipped_by: s.by,
        shipped_at: s.at,
        delivered_at: null,
      };
      const lines = s.lines.map((l, i) => ({
        shipment_id: id,
        line_no: i + 1,
        order_line_no: l.orderLineNo,
        product_id: l.productId,
        sku: l.sku,
        product_name: l.name,
        quantity: l.quantity,
      }));
      const number = await repo.insertIn(uow.trx, row, lines);
      return viewWith(ctx, [{ ...row, shipment_number: number }], lines)[0]!;
    },

    /** In the delivery flow's unit: delivered now, unless it already was (false). */
    markDeliveredIn: (uow: UnitOfWork, id: string, at: string) => repo.markDeliveredIn(uow.trx, id, at),
    /** The order's shipments not yet delivered, as the unit sees them. */
    undeliveredIn: (uow: UnitOfWork, orderId: string) => repo.undeliveredIn(uow.trx, orderId),
    /** The order's shipments as the unit sees them (the delivery of a whole order). */
    ofOrderIn: async (uow: UnitOfWork, ctx: ShipmentContext, orderId: string) => {
      const { rows, lines } = await repo.ofOrder(orderId, uow.trx);
      return viewWith(ctx, rows, lines);
    },
  };
}

export type ShipmentsService = ReturnType<typeof createShipmentsService>;
