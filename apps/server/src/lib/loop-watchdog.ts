import { Worker } from 'node:worker_threads';

/**
 * A process whose event loop is blocked cannot run its own SIGTERM handler or shutdown timer: Node
 * delivers signals to JavaScript through the loop, so a blocked server ignores SIGTERM, health
 * checks and its mail worker alike. This watchdog runs on its own thread and watches a heartbeat
 * that the main thread writes into shared memory. It SIGKILLs the process (a worker thread cannot
 * end the process any other way) when
 *  - the loop has not turned for `stallMs`: nothing could be served anyway, and the supervisor
 *    restarts a process that exits, but not one that hangs; or
 *  - a shutdown started `shutdownMs` ago has not finished, even if the loop is blocked meanwhile.
 * Data stays safe on SIGKILL: SQLite (WAL) and PostgreSQL roll back unfinished transactions, and
 * the mail outbox redelivers.
 */
export interface LoopWatchdogOptions {
  stallMs: number;
  shutdownMs: number;
  /** How often the heartbeat is written and checked. */
  intervalMs?: number;
}

export interface LoopWatchdog {
  /** Starts the shutdown deadline. */
  shutdownStarted(): void;
  stop(): Promise<void>;
}

// Plain JavaScript evaluated in the thread, so it needs no file next to the bundle or the sources.
// The fatal line is written synchronously: a worker's console goes through the (blocked) main thread.
const WATCHDOG_SOURCE = `
const { workerData: w } = require('node:worker_threads');
const { writeSync } = require('node:fs');
const state = new BigInt64Array(w.state);
const die = (reason) => {
  try {
    writeSync(2, JSON.stringify({ level: 60, time: Date.now(), pid: process.pid, msg: 'watchdog: ' + reason + '; killing the process' }) + '\\n');
  } finally {
    process.kill(process.pid, 'SIGKILL');
  }
};
setInterval(() => {
  const now = process.hrtime.bigint();
  const deadline = Atomics.load(state, 1);
  if (deadline > 0n && now > deadline) die('shutdown did not finish within ' + w.shutdownMs + ' ms');
  else if (now - Atomics.load(state, 0) > BigInt(w.stallMs) * 1000000n) die('event loop blocked for more than ' + w.stallMs + ' ms');
}, w.intervalMs);
`;

export function startLoopWatchdog({ stallMs, shutdownMs, intervalMs = 500 }: LoopWatchdogOptions): LoopWatchdog {
  // [0] last heartbeat, [1] shutdown deadline (0: none); process.hrtime nanoseconds, monotonic and the same clock in every thread.
  const state = new BigInt64Array(new SharedArrayBuffer(2 * BigInt64Array.BYTES_PER_ELEMENT));
  const beat = () => Atomics.store(state, 0, process.hrtime.bigint());
  beat();
  const heartbeat = setInterval(beat, intervalMs);
  heartbeat.unref();
  const worker = new Worker(WATCHDOG_SOURCE, { eval: true, workerData: { state: state.buffer, stallMs, shutdownMs, intervalMs } });
  worker.unref();
  return {
    shutdownStarted() {
      if (Atomics.load(state, 1) === 0n) Atomics.store(state, 1, process.hrtime.bigint() + BigInt(shutdownMs) * 1_000_000n);
    },
    async stop() {
      clearInterval(heartbeat);
      await worker.terminate();
    },
  };
}
