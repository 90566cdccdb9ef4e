import type { Transaction } from 'kysely';
import type { DB } from '../../src/db/tables.js';
import type { UnitOfWork } from '../../src/db/unit-of-work.js';

/**
 * A unit of work over a plain transaction, with no subscribers and no after-commit work: for tests
 * that write outbox rows themselves and then deliver them when they choose (`deliverDue`, a worker
 * of their own), so no worker starts on its own after the commit.
 */
export const bareUnit = (trx: Transaction<DB>): UnitOfWork => ({ trx, afterCommit() {}, async record() {} });
