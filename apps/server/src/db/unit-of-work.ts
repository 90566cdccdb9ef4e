import type { Transaction } from 'kysely';
import type { GroupCommit } from './group-commit.js';
import type { DB } from './tables.js';

/**
 * One use case's writes, atomic and durable together (issue 29): a flow opens it, every module
 * it calls writes through `trx`, and what must wait for the commit (clearing a cache, waking a
 * worker, counting a metric) is registered with `afterCommit` by the module that owns it. Nothing
 * registered runs when the unit rolls back.
 */
export interface UnitOfWork {
  readonly trx: Transaction<DB>;
  /** Runs once the unit has committed, in registration order; a `key` registers its work once per unit. */
  afterCommit(fn: () => void, key?: string): void;
}

export interface Units {
  /**
   * Runs `work` as one unit on the group commit (db/group-commit.ts, ADR 0007): on SQLite the units
   * that arrive together share one transaction, each in its own savepoint; on PostgreSQL each is
   * its own transaction. Resolves once committed, then runs the unit's after-commit work.
   */
  run<T>(work: (uow: UnitOfWork) => Promise<T>): Promise<T>;
}

export function createUnits(commits: GroupCommit, onAfterCommitError: (error: unknown) => void = () => {}): Units {
  return {
    async run<T>(work: (uow: UnitOfWork) => Promise<T>): Promise<T> {
      const after: { fn: () => void; key: string | undefined }[] = [];
      const result = await commits.run(async (trx) => {
        const uow: UnitOfWork = {
          trx,
          afterCommit(fn, key) {
            if (key !== undefined && after.some((a) => a.key === key)) return;
            after.push({ fn, key });
          },
        };
        return work(uow);
      });
      for (const { fn } of after) {
        try {
          fn();
        } catch (error) {
          // The unit is committed and answered as such; a failed side effect is reported, not thrown.
          onAfterCommitError(error);
        }
      }
      return result;
    },
  };
}
