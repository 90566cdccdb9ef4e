// The few reads the bench makes straight from the server's database (stock, units sold, mail
// backlog), on either engine: `one(sql, params)` takes `?` placeholders and returns the first row
// with numbers as numbers.
import Database from 'better-sqlite3';
import pg from 'pg';

export function openBenchDb({ file, url }) {
  const numbers = (row) => row && Object.fromEntries(Object.entries(row).map(([k, v]) => [k, typeof v === 'string' && /^-?\d+$/.test(v) ? Number(v) : v]));
  if (url) {
    const pool = new pg.Pool({ connectionString: url, max: 2 });
    return {
      async one(text, params = []) {
        let n = 0;
        const r = await pool.query(
          text.replace(/\?/g, () => `$${++n}`),
          params,
        );
        return numbers(r.rows[0]);
      },
      close: () => pool.end(),
    };
  }
  return {
    // A fresh read-only handle per read: the server owns the file and may be killed between reads.
    async one(text, params = []) {
      const db = new Database(file, { readonly: true });
      try {
        return numbers(db.prepare(text).get(...params));
      } finally {
        db.close();
      }
    },
    async close() {},
  };
}
