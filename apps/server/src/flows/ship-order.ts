import {
  SHIPMENT_MESSAGES,
  SHIPPING_ADDRESS_NEEDED,
  WAREHOUSE_MESSAGES,
  shipRefusal,
  type ErrorLine,
  type OrderStatus,
  type PaymentMethod,
} from '@bulkparts/shared';
import type { Units } from '../db/unit-of-work.js';
import { AppError, notFound, validationFailed } from '../lib/errors.js';
import { nowIso } from '../lib/ids.js';
import type { OrderShippingSteps, ShipLine } from '../modules/orders/order-shipping.js';
import { leftToShip } from '../modules/orders/order-shipping.js';
import type { DeliverOrder, ShipOrder, ShipRequest } from '../modules/orders/order-types.js';
import type { OrderLineRow, OrderRow } from '../modules/orders/orders.repository.js';
import type { ProductsService } from '../modules/products/products.service.js';
import { StockCountError, type StockService } from '../modules/products/stock.service.js';
import type { ShipmentsService } from '../modules/shipments/shipments.service.js';
import type { WarehousesService } from '../modules/warehouses/warehouses.service.js';
import type { Actor } from '../modules/orders/order-timeline.js';

export interface ShipOrderDeps {
  units: Units;
  orders: OrderShippingSteps;
  shipments: Pick<ShipmentsService, 'context' | 'insertIn' | 'find' | 'markDeliveredIn' | 'undeliveredIn' | 'ofOrderIn'>;
  products: Pick<ProductsService, 'lockIn'>;
  stock: Pick<StockService, 'shipFromIn'>;
  warehouses: Pick<WarehousesService, 'resolve'>;
}

/** 409 unless the order (as read, or as locked in the unit) may ship now. */
function checkShippable(row: Pick<OrderRow, 'status' | 'payment_method' | 'shipping_address'>): void {
  const refusal = shipRefusal(row.status as OrderStatus, row.payment_method as PaymentMethod);
  if (refusal) throw new AppError('INVALID_TRANSITION', refusal);
  if (!row.shipping_address) throw new AppError('CONFLICT', SHIPPING_ADDRESS_NEEDED);
}

/** The lines a shipment carries: the request's (each within what is left of its line), or every piece left. */
function planLines(row: Pick<OrderRow, 'fulfilment'>, lines: readonly OrderLineRow[], wanted: ShipRequest['lines']): (ShipLine & { line: OrderLineRow })[] {
  const waiting = lines.reduce((n, l) => n + Number(l.backordered ?? 0), 0);
  // Issue 31: the buyer asked for everything together: nothing leaves while pieces wait for stock.
  if (row.fulfilment === 'ship_complete' && waiting > 0) throw new AppError('CONFLICT', SHIPMENT_MESSAGES.shipsComplete(waiting));
  if (wanted === undefined) {
    const all = lines.filter((l) => leftToShip(l) > 0).map((l) => ({ lineNo: Number(l.line_no), quantity: leftToShip(l), line: l }));
    if (all.length === 0)
      throw new AppError(waiting ? 'CONFLICT' : 'INVALID_TRANSITION', waiting ? SHIPMENT_MESSAGES.waiting(waiting) : SHIPMENT_MESSAGES.nothingLeft);
    return all;
  }
  const unknown: ErrorLine[] = [];
  const short: ErrorLine[] = [];
  const plan = wanted.flatMap((w, index) => {
    const mine = lines.filter((l) => l.product_id === w.productId);
    if (mine.length === 0) {
      unknown.push({ index, productId: w.productId, sku: '', message: SHIPMENT_MESSAGES.notInOrder });
      return [];
    }
    const line = mine.find((l) => leftToShip(l) >= w.quantity);
    if (!line) {
      const left = Math.max(...mine.map(leftToShip));
      short.push({ index, productId: w.productId, sku: mine[0]!.sku, message: SHIPMENT_MESSAGES.tooMany(mine[0]!.sku, left) });
      return [];
    }
    return [{ lineNo: Number(line.line_no), quantity: w.quantity, line }];
  });
  if (unknown.length) throw new AppError('VALIDATION_FAILED', unknown[0]!.message, undefined, unknown);
  if (short.length)
    throw new AppError('CONFLICT', short.length === 1 ? short[0]!.message : `${short.length} lines have fewer pieces left to ship`, undefined, short);
  return plan;
}

/**
 * Shipping and delivering (issue 31), each one unit of work. A shipment: the products' rows
 * locked first (ADR 0032's lock order), the order locked and checked again, each line's shipped
 * pieces added within the line, the shipment numbered, its pieces taken off its warehouse's
 * shelves, the order's new status (`partially_shipped`, then `shipped`), the timeline step, and
 * `shipment.created` (the buyer's mail, the `order.shipment_created` webhook). A delivery: the
 * shipment stamped, and the order `delivered` once it shipped whole and every shipment arrived.
 */
export function createShippingFlows({ units, orders, shipments, products, stock, warehouses }: ShipOrderDeps): {
  ship: ShipOrder;
  deliverShipment: (id: string, by: Actor) => ReturnType<ShipmentsService['find']>;
  deliverOrder: DeliverOrder;
} {
  return {
    async ship(orderId, request, by) {
      const found = await orders.forShipping(orderId);
      if (!found) throw notFound('Order');
      checkShippable(found.row);
      const warehouse = await warehouses.resolve(request.warehouse);
      if (!warehouse) throw validationFailed({ warehouse: WAREHOUSE_MESSAGES.unknown });
      const plan = planLines(found.row, found.lines, request.lines);
      const ctx = await shipments.context();
      const at = nowIso();
      try {
        return await units.run(async (uow) => {
          await products.lockIn(
            uow,
            plan.map((p) => p.line.product_id),
          );
          const row = await orders.lockIn(uow, orderId);
          if (!row) throw notFound('Order');
          checkShippable(row);
          if (!(await orders.shipLinesIn(uow, orderId, plan))) throw new AppError('CONFLICT', SHIPMENT_MESSAGES.changedMeanwhile);
          const shipment = await shipments.insertIn(uow, ctx, {
            orderId,
            warehouseId: warehouse.id,
            carrier: request.carrier ?? null,
            trackingNumber: request.trackingNumber ?? null,
            by,
            at,
            lines: plan.map((p) => ({ orderLineNo: p.lineNo, productId: p.line.product_id, sku: p.line.sku, name: p.line.product_name, quantity: p.quantity })),
          });
          await stock.shipFromIn(
            uow,
            warehouse.isDefault ? null : warehouse.id,
            plan.map((p) => ({ productId: p.line.product_id, quantity: p.quantity })),
          );
          const moved = await orders.shippedIn(
            uow,
            row,
            { number: shipment.shipmentNumber, carrier: shipment.carrier, trackingNumber: shipment.trackingNumber, at },
            by,
          );
          if (!moved.moved) throw new AppError('CONFLICT', SHIPMENT_MESSAGES.changedMeanwhile);
          await uow.record('shipment.created', { shipment, order: moved.order, completes: moved.to === 'shipped' });
          return { shipment, order: await moved.order() };
        });
      } catch (error) {
        if (error instanceof StockCountError) {
          throw new AppError('CONFLICT', `Warehouse ${warehouse.code} does not hold every piece of this shipment`, undefined, error.lines);
        }
        throw error;
      }
    },

    async deliverShipment(id, by) {
      const shipment = await shipments.find(id);
      if (!shipment) throw notFound('Shipment');
      const at = nowIso();
      await units.run(async (uow) => {
        const row = await orders.lockIn(uow, shipment.orderId);
        if (!row) throw notFound('Shipment');
        if (!(await shipments.markDeliveredIn(uow, id, at))) throw new AppError('CONFLICT', SHIPMENT_MESSAGES.alreadyDelivered);
        const left = await shipments.undeliveredIn(uow, shipment.orderId);
        await orders.deliveredIn(uow, row, shipment.shipmentNumber, left === 0, at, by);
      });
      return shipments.find(id);
    },

    async deliverOrder(orderId, by) {
      const found = await orders.forShipping(orderId);
      if (!found) throw notFound('Order');
      const refuse = (status: string) => new AppError('INVALID_TRANSITION', `An order that is ${status.replace('_', ' ')} cannot become delivered`);
      if (found.row.status !== 'shipped') throw refuse(found.row.status);
      const ctx = await shipments.context();
      const at = nowIso();
      return units.run(async (uow) => {
        const row = await orders.lockIn(uow, orderId);
        if (row?.status !== 'shipped') throw refuse(row?.status ?? 'gone');
        const open = (await shipments.ofOrderIn(uow, ctx, orderId)).filter((s) => s.deliveredAt === null);
        for (const [i, s] of open.entries()) {
          await shipments.markDeliveredIn(uow, s._id, at);
          await orders.deliveredIn(uow, row, s.shipmentNumber, i === open.length - 1, at, by);
        }
        // An order shipped without any shipment recorded (never, since migration 20261221000000) is delivered all the same.
        if (open.length === 0) await orders.deliveredIn(uow, row, '', true, at, by);
        return orders.readIn(uow, orderId);
      });
    },
  };
}
