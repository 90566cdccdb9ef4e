import type pg from 'pg';

/**
 * Statements whose answer's columns come from the table as it is now (`select *`, `t.*`,
 * `returning *`): a prepared one would fail with "cached plan must not change result type" once a
 * migration (another instance's, in a rolling deploy) adds a column. They stay unnamed.
 */
const COLUMNS_OF_THE_TABLE = /(^|[\s,(])(select|returning)\s+\*|\.\*/i;

/** Starts a statement that must be planned for its own parameters every time: never named (database.ts `customPlansOf`). */
export const CUSTOM_PLAN = '/* custom plan */';

/**
 * PostgreSQL parses and analyses every unnamed statement anew; a named one is parsed once per
 * connection and only bound and planned after that (issue 29, ADR 0029: half a simple statement's
 * cost on this machine). Kysely sends `client.query(text, values)`, so each client of the pool
 * names its statements by their text: one name per distinct text, for at most `max` texts (an IN
 * list of every length is a text of its own; past the cap they run unnamed, as before). PostgreSQL
 * may then plan a named statement once for any parameters (a generic plan, after five executions,
 * when it costs no more than theirs): most of the cost of a small write or key lookup is its
 * planning (ADR 0029). Statements marked `CUSTOM_PLAN` (the catalogue's searches) stay unnamed,
 * planned for their own parameters every time, so no search runs a plan made for another one.
 */
export function nameStatements(pool: pg.Pool, max = 2000): void {
  const names = new Map<string, string | null>();
  const nameOf = (text: string): string | undefined => {
    let name = names.get(text);
    if (name === undefined) {
      // A text of several statements (a relaxed unit's begin, database.ts) cannot be prepared: it
      // goes unnamed and without parameters, so as one simple query.
      name =
        names.size < max && !COLUMNS_OF_THE_TABLE.test(text) && !text.includes(';') && !text.startsWith(CUSTOM_PLAN) ? `bp${names.size.toString(36)}` : null;
      names.set(text, name);
    }
    return name ?? undefined;
  };
  pool.on('connect', (client) => {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    // Only Kysely's form (text and an array of values, no callback) is named; anything else passes through.
    client.query = ((...args: unknown[]) => {
      const [text, values, callback] = args;
      if (typeof text !== 'string' || !Array.isArray(values) || callback !== undefined) return query(...args);
      const name = nameOf(text);
      return name === undefined ? query(text, values) : query({ name, text, values });
    }) as typeof client.query;
  });
}
