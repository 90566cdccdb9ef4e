import type { Transaction } from 'kysely';
import type { DomainEventName, DomainEvents } from '../lib/domain-events.js';
import type { GroupCommit } from './group-commit.js';
import type { DB } from './tables.js';

/**
 * One use case's writes, atomic and durable together (issue 29): a flow opens it, every module
 * it calls writes through `trx`, and what must wait for the commit (clearing a cache, counting a
 * metric, starting the outbox's delivery) is registered with `afterCommit` by the module that owns
 * it. Nothing registered runs when the unit rolls back.
 */
export interface UnitOfWork {
  readonly trx: Transaction<DB>;
  /** Runs once the unit has committed, in registration order; a `key` registers its work once per unit. */
  afterCommit(fn: () => void, key?: string): void;
  /**
   * Records a fact of this unit: every subscriber of `event` runs now, inside the unit, and writes
   * what it derives (a mail or webhook delivery in the outbox) in the same transaction.
   */
  record<E extends DomainEventName>(event: E, payload: DomainEvents[E]): Promise<void>;
}

/** What one subscriber does with the events it wants, inside the recording unit. */
export type EventSubscriber = { [E in DomainEventName]?: (uow: UnitOfWork, payload: DomainEvents[E]) => Promise<void> };

export interface Units {
  /**
   * Runs `work` as one unit on the group commit (db/group-commit.ts, ADR 0007): on SQLite the units
   * that arrive together share one transaction, each in its own savepoint; on PostgreSQL each is
   * its own transaction. Resolves once committed, then runs the unit's after-commit work.
   */
  run<T>(work: (uow: UnitOfWork) => Promise<T>): Promise<T>;
}

/**
 * The subscribers are given here, all at once, by the composition root: a unit can never run
 * before one of them is in place.
 */
export function createUnits(
  commits: GroupCommit,
  { subscribers = [], onAfterCommitError = () => {} }: { subscribers?: readonly EventSubscriber[]; onAfterCommitError?: (error: unknown) => void } = {},
): Units {
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
          async record(event, payload) {
            for (const subscriber of subscribers) await subscriber[event]?.(uow, payload);
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
