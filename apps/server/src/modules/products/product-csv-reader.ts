import { createReadStream, createWriteStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { Transform, type Readable } from 'node:stream';
import { finished, pipeline } from 'node:stream/promises';
import { once } from 'node:events';
import { CsvError, parse, type Options } from 'csv-parse';
import { AppError } from '../../lib/errors.js';

/**
 * Streaming helpers of the CSV import: the body goes to a file (so the import can read it twice
 * without holding it), and records come back one at a time with their line numbers.
 */

export const tooLarge = (maxBytes: number) => new AppError('PAYLOAD_TOO_LARGE', `The file is larger than ${Math.round(maxBytes / (1024 * 1024))} MB`);

/** Copies `body` into `file` (owner-only), refusing it past `maxBytes`. Answers the byte count. */
export async function spoolToFile(body: Readable, file: string, maxBytes: number): Promise<number> {
  let bytes = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      bytes += chunk.length;
      callback(bytes > maxBytes ? tooLarge(maxBytes) : null, chunk);
    },
  });
  // Not pipeline(body, …): that would destroy the request on a refusal, and with it the socket
  // the 413 answer goes out on. Unpiped, the rest of an oversized body is simply not read.
  body.on('error', (err) => counter.destroy(err));
  body.pipe(counter);
  await pipeline(counter, createWriteStream(file, { mode: 0o600 }));
  return bytes;
}

/** The first line of the file (BOM removed), enough to choose the delimiter; '' for an empty file. */
export async function readHeaderLine(file: string): Promise<string> {
  const handle = await open(file, 'r');
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(64 * 1024), 0, 64 * 1024, 0);
    const text = buffer.toString('utf8', 0, bytesRead).replace(/^\uFEFF/, '');
    return text.split(/\r\n|\n|\r/)[0] ?? '';
  } finally {
    await handle.close();
  }
}

export interface CsvRecord {
  /** The line the record starts on (the header is 1). */
  row: number;
  cells: string[];
}

/** The file is not CSV past some point (an unclosed quote, say): the import stops there. */
export class CsvSyntaxError extends Error {
  constructor(
    readonly row: number,
    message: string,
  ) {
    super(message);
  }
}

const LINE_BREAKS = /\r\n|\n|\r/g;

/**
 * Every record of the file, in order, a batch at a time: awaiting each record (a stream's async
 * iterator) cost ten times the parsing itself. Line numbers are counted here: csv-parse's own
 * count is off for CRLF inside quoted cells, and its per-record `info` object was a large part of
 * the garbage. Empty lines come through as one empty cell (the caller skips blank records), so a
 * record starts where the previous one ended; it spans one line plus the line breaks in its cells.
 */
export async function* readRecords(file: string, delimiter: string): AsyncGenerator<CsvRecord[]> {
  const source = createReadStream(file, { highWaterMark: 256 * 1024 });
  // Stream options pass through to the Transform: a deeper object buffer means fewer waits.
  const options: Options & { readableHighWaterMark: number } = { bom: true, delimiter, relax_column_count: true, readableHighWaterMark: 1024 };
  const parser = parse(options);
  let failure: unknown;
  let ended = false;
  let wake: (() => void) | undefined;
  const notify = () => {
    wake?.();
    wake = undefined;
  };
  parser.on('readable', notify);
  parser.on('end', () => {
    ended = true;
    notify();
  });
  parser.on('error', (err) => {
    failure = err;
    notify();
  });
  source.on('error', (err) => parser.destroy(err));
  source.pipe(parser);
  let nextLine = 1;
  try {
    for (;;) {
      const batch: CsvRecord[] = [];
      let record: string[] | null;
      while (batch.length < 1000 && (record = parser.read() as string[] | null) !== null) {
        const row = nextLine;
        let breaks = 0;
        for (const cell of record) if (cell.length > 0) breaks += cell.match(LINE_BREAKS)?.length ?? 0;
        nextLine = row + breaks + 1;
        batch.push({ row, cells: record });
      }
      if (batch.length) {
        yield batch;
        continue;
      }
      if (failure !== undefined) throw failure;
      if (ended) return;
      await new Promise<void>((resolve) => (wake = resolve));
    }
  } catch (err) {
    if (err instanceof CsvError) throw new CsvSyntaxError(nextLine, `The file is not valid CSV from here on: ${err.message}`);
    throw err;
  } finally {
    source.destroy();
    parser.destroy();
  }
}

/**
 * Validated rows as JSON lines: pass 1 writes them, so pass 2 (inside the write transaction)
 * parses JSON instead of parsing and validating CSV again, and holds the database for less time.
 */
export function jsonLinesWriter(file: string) {
  const out = createWriteStream(file, { mode: 0o600 });
  return {
    async write(value: unknown): Promise<void> {
      if (!out.write(`${JSON.stringify(value)}\n`)) await once(out, 'drain');
    },
    async close(): Promise<void> {
      out.end();
      await finished(out);
    },
  };
}

/** The values `jsonLinesWriter` wrote, a chunk's worth at a time. */
export async function* readJsonLines<T>(file: string): AsyncGenerator<T[]> {
  let rest = '';
  for await (const chunk of createReadStream(file, { encoding: 'utf8', highWaterMark: 256 * 1024 }) as AsyncIterable<string>) {
    const lines = (rest + chunk).split('\n');
    rest = lines.pop() ?? '';
    yield lines.filter(Boolean).map((l) => JSON.parse(l) as T);
  }
  if (rest) yield [JSON.parse(rest) as T];
}
