import { SHIP_TO_CHANGEABLE_STATUSES } from '@bulkparts/shared';
import type { Transaction } from 'kysely';
import type { DB } from '../../db/tables.js';
import type { UnitOfWork } from '../../db/unit-of-work.js';
import type { CompanyDirectory } from '../companies/company-directory.js';
import type { CompanyOrdersRepository } from './company-orders.repository.js';
import { createOrderMoveSteps } from './order-moves.js';
import { createOrderPlacement, type ShippingChooser, type TaxContextSource } from './order-placement.js';
import { createOrderShippingSteps } from './order-shipping.js';
import { createOrderBackorderSteps } from './order-backorders.js';
import { createOrderReturnSteps } from './order-returns.js';
import { createOrderReads } from './order-reads.js';
import { createOrderSweepSteps } from './order-sweeps.js';
import type { OrderTimelineLog } from './order-timeline.js';
import type { OrderRules } from './order-types.js';
import type { OrdersRepository } from './orders.repository.js';

export interface OrderStepsDeps {
  repo: OrdersRepository;
  companyOrders: CompanyOrdersRepository;
  rules: OrderRules;
  companies: Pick<CompanyDirectory, 'membershipOf' | 'approverEmails' | 'adminEmails'>;
  timeline: OrderTimelineLog;
  /** The payments module's next invoice number, inside the order's unit (issue 18). */
  invoiceNumberIn?: ((trx: Transaction<DB>) => Promise<number>) | undefined;
  /** Issue 30: the tax context of a new order (the tax module's). */
  taxContext?: TaxContextSource | undefined;
  /** Issue 30: the shipping module's choice of an order's method (services.ts). */
  chooseShipping?: ShippingChooser | undefined;
}

/**
 * What the orders module does inside the units the flows open (src/flows/, issue 29): place an
 * order, move one, sweep them, change a ship-to. Built once by the composition root (services.ts)
 * and handed to the flows; the module never opens a unit itself.
 */
export function createOrderSteps({ repo, companyOrders, rules, companies, timeline, invoiceNumberIn, chooseShipping, taxContext }: OrderStepsDeps) {
  const { one } = createOrderReads(repo);
  return {
    placement: createOrderPlacement({ repo, companyOrders, rules, companies, timeline, invoiceNumberIn, chooseShipping, taxContext }),
    moves: createOrderMoveSteps({ repo, timeline, one }),
    // Issue 31: shipments and deliveries (flows/ship-order.ts, flows/deliver-shipment.ts).
    shipping: createOrderShippingSteps({ repo, timeline }),
    // Issue 31: stock arriving for backordered lines (flows/allocate-backorders.ts).
    backorders: createOrderBackorderSteps({ repo }),
    // Issue 31: returns and credit notes (flows/returns.ts).
    returns: createOrderReturnSteps({ repo }),
    sweeps: createOrderSweepSteps({ repo, companyOrders, timeline, companies }),
    shipTo: {
      /** Issue 29: the order's ship-to, only while it has not shipped (a ship committed first wins); whether it changed. */
      setIn: (uow: UnitOfWork, orderId: string, address: string, now: string) =>
        repo.setShippingAddressIn(uow.trx, orderId, address, SHIP_TO_CHANGEABLE_STATUSES, now),
    },
  };
}

export type OrderSteps = ReturnType<typeof createOrderSteps>;
