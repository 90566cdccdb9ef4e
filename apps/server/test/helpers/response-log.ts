import { appendFileSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The run directory where each test worker writes what its apps' answers showed
 * (response-check.ts) and the global teardown reads it back (response-check.global-setup.ts).
 * One file of each kind per worker process, so no two processes write to the same file.
 */
declare module 'vitest' {
  export interface ProvidedContext {
    /** Where the workers of this project log the answers they checked against the OpenAPI document. */
    responseLog: string;
  }
}

/** `operations`: every operation of a document a worker saw; `validated`: those with a checked success answer. */
type Kind = 'operations' | 'validated' | 'mismatches';

export function appendLog(dir: string, kind: Kind, lines: string[]): void {
  if (lines.length) appendFileSync(path.join(dir, `${kind}-${process.pid}.log`), `${lines.join('\n')}\n`);
}

export interface CheckStats {
  answers: number;
  milliseconds: number;
  documents: number;
}

export function writeStats(dir: string, stats: CheckStats): void {
  writeFileSync(path.join(dir, `stats-${process.pid}.json`), JSON.stringify(stats));
}

export interface RunLog {
  operations: Set<string>;
  validated: Set<string>;
  mismatches: string[];
  stats: CheckStats;
}

export function readLog(dir: string): RunLog {
  const log: RunLog = { operations: new Set(), validated: new Set(), mismatches: [], stats: { answers: 0, milliseconds: 0, documents: 0 } };
  for (const file of readdirSync(dir)) {
    const text = readFileSync(path.join(dir, file), 'utf8');
    if (file.startsWith('stats-')) {
      const stats = JSON.parse(text) as CheckStats;
      log.stats.answers += stats.answers;
      log.stats.milliseconds += stats.milliseconds;
      log.stats.documents += stats.documents;
      continue;
    }
    const lines = text.split('\n').filter(Boolean);
    if (file.startsWith('operations-')) for (const line of lines) log.operations.add(line);
    else if (file.startsWith('validated-')) for (const line of lines) log.validated.add(line);
    else if (file.startsWith('mismatches-')) log.mismatches.push(...lines);
  }
  return log;
}
