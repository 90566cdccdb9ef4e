// Spawned by loop-watchdog.test.ts: a process with the watchdog (short limits) that then
// blocks its event loop ('block'), never finishes its shutdown ('hang'), or has nothing to do ('idle').
import { startLoopWatchdog } from '../../src/lib/loop-watchdog.js';

const mode = process.argv[2];
const watchdog = startLoopWatchdog({ stallMs: 1_000, shutdownMs: 1_000, intervalMs: 100 });
process.on('SIGTERM', () => watchdog.shutdownStarted()); // a shutdown that never finishes
if (mode === 'hang') setInterval(() => {}, 1_000);
console.log('ready');
if (mode === 'block') for (;;);
