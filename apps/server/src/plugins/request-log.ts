import { LogController, type FastifyBaseLogger, type FastifyReply, type FastifyRequest } from 'fastify';

// `logger: false` (tests) gives Fastify's abstract logger, which has no isLevelEnabled.
type Pino = FastifyBaseLogger & { isLevelEnabled?: (level: string) => boolean };

/**
 * Request logging (ADR 0005). At `info`: one line per failed request (status ≥ 400, or a stream
 * error) with pino's `reqId`, method, URL, status, time and client address; successful requests
 * are logged only at `debug`. Fastify's default wrote two lines for every request ("incoming
 * request" + "request completed", each serialising the request or reply): ~20% of the throughput
 * of a cached catalogue read. Counts and latencies of every request are in `/metrics`; 5xx
 * errors are also logged with their stack by the error handler. Every other Fastify log line
 * (serializer errors, …) is kept as it was.
 */
export class OneLineLogController extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const log = reply.log as Pino;
    const failed = Boolean(error) || reply.statusCode >= 400;
    if (!failed && !log.isLevelEnabled?.('debug')) return;
    const line = { method: request.method, url: request.url, statusCode: reply.statusCode, responseTime: reply.elapsedTime, remoteAddress: request.ip };
    if (error) log.error({ ...line, err: error }, 'request errored');
    else if (failed) log.info(line, 'request failed');
    else log.debug(line, 'request completed');
  }
}
