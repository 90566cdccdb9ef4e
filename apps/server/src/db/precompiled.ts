import type { Compilable, CompiledQuery, Kysely, QueryResult } from 'kysely';
import type { DB } from './tables.js';

/** Stand-ins for the parameters while the statement is compiled; a real value never looks like one. */
const MARK = '\u0000bulkparts-parameter-';

type Slot = { param: number } | { constant: unknown };

/**
 * A hot statement of a fixed shape, built and compiled by Kysely once per database (dialect) and
 * then run with new values (ADR 0029): building and compiling cost several times a small
 * statement's own execution in SQLite, and a cart line change runs its statements once per line.
 * `build` receives stand-ins for the parameters and must pass each through as a bound value only
 * (no branching on it, no arithmetic, no IN list of a length it decides); values are never
 * `undefined` (Kysely would have left such a column out). Constants in `build` stay as compiled.
 * The answer is Kysely's raw `QueryResult` (`rows`; `numAffectedRows` for writes).
 */
export function precompiled<A extends unknown[], R>(build: (q: Kysely<DB>, ...params: A) => Compilable<R>) {
  const plans = new WeakMap<object, { compiled: CompiledQuery<R>; slots: Slot[] }>();
  /** The statement with these values, to run (or to defer, deferred-writes.ts). */
  const compile = (q: Kysely<DB>, ...params: A): CompiledQuery<R> => {
    // A transaction shares its database's adapter: one plan per dialect.
    const adapter = q.getExecutor().adapter;
    let plan = plans.get(adapter);
    if (!plan) {
      const marks = params.map((_, i) => `${MARK}${i}`) as A;
      const compiled = build(q, ...marks).compile();
      const seen = new Set<number>();
      const slots = compiled.parameters.map((value): Slot => {
        if (typeof value === 'string' && value.startsWith(MARK)) {
          const param = Number(value.slice(MARK.length));
          seen.add(param);
          return { param };
        }
        return { constant: value };
      });
      if (seen.size !== params.length) throw new Error(`precompiled statement binds ${seen.size} of its ${params.length} parameters: ${compiled.sql}`);
      plan = { compiled, slots };
      plans.set(adapter, plan);
    }
    const parameters = plan.slots.map((slot) => ('param' in slot ? params[slot.param] : slot.constant));
    return { ...plan.compiled, parameters };
  };
  const run = async (q: Kysely<DB>, ...params: A): Promise<QueryResult<R>> => q.executeQuery<R>(compile(q, ...params));
  return Object.assign(run, { compile });
}
