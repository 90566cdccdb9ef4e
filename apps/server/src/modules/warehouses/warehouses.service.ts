import { WAREHOUSE_MESSAGES, WAREHOUSES_MAX, isObjectId, type Warehouse, type WarehouseInput, type WarehousePatch } from '@bulkparts/shared';
import { isUniqueViolation } from '../../db/query-helpers.js';
import { AppError, notFound, validationFailed } from '../../lib/errors.js';
import { newId, nowIso } from '../../lib/ids.js';
import type { WarehouseRow, WarehousesRepository } from './warehouses.repository.js';

/** What other modules and the flows know of a warehouse: its id, code and whether it is the default. */
export interface WarehouseRef {
  id: string;
  code: string;
  name: string;
  isDefault: boolean;
}

export function toWarehouse(row: WarehouseRow): Warehouse {
  return {
    _id: row.id,
    code: row.code,
    name: row.name,
    address: JSON.parse(row.address) as Warehouse['address'],
    isDefault: Number(row.is_default) === 1,
    createdAt: row.created_at,
  };
}

const refOf = (row: WarehouseRow): WarehouseRef => ({ id: row.id, code: row.code, name: row.name, isDefault: Number(row.is_default) === 1 });
const codeTaken = () => new AppError('CONFLICT', WAREHOUSE_MESSAGES.codeTaken, { code: WAREHOUSE_MESSAGES.codeTaken });

/**
 * Warehouses (issue 31): kept by shop admins (`GET/POST/PATCH /api/warehouses`); the stock routes,
 * shipments and returns name them by code. The default warehouse was made by the migration and
 * stays the default (its count is derived from the product's figures, ADR 0032).
 */
export function createWarehousesService(repo: WarehousesRepository) {
  return {
    list: async (): Promise<Warehouse[]> => (await repo.list()).map(toWarehouse),

    /** Every warehouse as other modules refer to it, the default first. */
    refs: async (): Promise<WarehouseRef[]> => (await repo.list()).map(refOf),

    /**
     * The warehouse a request names by code, or the default one when it names none; a code that
     * names no warehouse answers undefined (the caller says which field was wrong).
     */
    async resolve(code: string | undefined): Promise<WarehouseRef | undefined> {
      const all = (await repo.list()).map(refOf);
      return code === undefined ? all.find((w) => w.isDefault) : all.find((w) => w.code === code.toUpperCase());
    },

    async byId(id: string): Promise<WarehouseRef | undefined> {
      const row = isObjectId(id) ? await repo.findById(id) : undefined;
      return row && refOf(row);
    },

    async create(input: WarehouseInput): Promise<Warehouse> {
      if ((await repo.count()) >= WAREHOUSES_MAX) throw new AppError('CONFLICT', WAREHOUSE_MESSAGES.tooMany);
      const now = nowIso();
      const row: WarehouseRow = {
        id: newId(),
        code: input.code,
        name: input.name,
        address: JSON.stringify(input.address),
        is_default: 0,
        created_at: now,
        updated_at: now,
      };
      try {
        await repo.insert(row);
      } catch (error) {
        if (isUniqueViolation(error)) throw codeTaken();
        throw error;
      }
      return toWarehouse(row);
    },

    async update(id: string, patch: WarehousePatch): Promise<Warehouse> {
      const current = isObjectId(id) ? await repo.findById(id) : undefined;
      if (!current) throw notFound('Warehouse');
      if (Object.keys(patch).length === 0) return toWarehouse(current);
      if (patch.code !== undefined && patch.code.length === 0) throw validationFailed({ code: 'Warehouse code is required' });
      const values = {
        ...(patch.code !== undefined ? { code: patch.code } : {}),
        ...(patch.name !== undefined ? { name: patch.name } : {}),
        ...(patch.address !== undefined ? { address: JSON.stringify(patch.address) } : {}),
        updated_at: nowIso(),
      };
      try {
        await repo.update(id, values);
      } catch (error) {
        if (isUniqueViolation(error)) throw codeTaken();
        throw error;
      }
      return toWarehouse((await repo.findById(id))!);
    },
  };
}

export type WarehousesService = ReturnType<typeof createWarehousesService>;
