import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config/env.js';
import { startLoopWatchdog } from './lib/loop-watchdog.js';

/** Graceful shutdown's budget; then the process exits anyway (a hung connection or hook must not keep a stopped instance alive). */
const SHUTDOWN_TIMEOUT_MS = 10_000;
/**
 * A loop blocked this long makes the process unusable (no requests, no health checks, no SIGTERM):
 * the watchdog kills it so that the supervisor restarts it. Far above any legitimate synchronous
 * work; started after listen(), so long start-up migrations never count.
 */
const EVENT_LOOP_STALL_LIMIT_MS = 30_000;

/** Starts the shop: validated config, the app, a listening socket, and a graceful SIGTERM. */
async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const app = await buildApp({ config });
  for (const warning of config.warnings) app.log.warn(warning);
  await app.listen({ port: config.port, host: config.host });
  app.log.info(`bulkparts is running at ${config.publicUrl} (database: ${config.database.engine})`);
  // The timer below needs a free event loop; the watchdog's thread does not (lib/loop-watchdog.ts).
  const watchdog = startLoopWatchdog({ stallMs: EVENT_LOOP_STALL_LIMIT_MS, shutdownMs: SHUTDOWN_TIMEOUT_MS + 2_000 });

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: no new connections, draining requests');
    watchdog.shutdownStarted();
    const force = setTimeout(() => {
      app.log.error('shutdown timed out; exiting');
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS);
    force.unref();
    // close() drops the keep-alive connections idle at that moment only; a connection whose request
    // was still running (an invoice render) would stay open until its keep-alive timeout and hold
    // the shutdown. Drop those as soon as they fall idle too.
    const sweep = setInterval(() => app.server.closeIdleConnections(), 100);
    sweep.unref();
    // close() stops accepting, waits for in-flight requests, then runs onClose hooks (database).
    app.close().then(
      () => process.exit(0),
      (err) => {
        app.log.error({ err }, 'error during shutdown');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
