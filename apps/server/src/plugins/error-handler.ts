import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/errors.js';
import { RateLimitedError } from '../modules/rate-limit/rate-limit.service.js';

/**
 * The one error handler. 4xx: JSON `{ error, message, fields?, lines? }` a client can show (plus an
 * AppError's `details`, which its route documents). 5xx: logged with the request id, answered with
 * a generic message (never a stack trace). Bad input arrives as the `VALIDATION_FAILED` AppError
 * built by lib/validate.ts, from a route schema or a `parseInput`.
 */
export default fp(
  async function errorHandler(app: FastifyInstance) {
    app.setErrorHandler((err: FastifyError | AppError, request, reply) => {
      if (err instanceof AppError) {
        if (err instanceof RateLimitedError) reply.header('retry-after', String(err.retryAfterSeconds));
        return reply.status(err.statusCode).send({
          // (first, so they can never replace the fields every error has)
          ...err.details,
          error: err.code,
          message: err.message,
          ...(err.fields ? { fields: err.fields } : {}),
          ...(err.lines ? { lines: err.lines } : {}),
        });
      }
      const status = typeof err.statusCode === 'number' ? err.statusCode : 500;
      if (status >= 400 && status < 500) {
        const code = status === 413 ? 'PAYLOAD_TOO_LARGE' : status === 415 ? 'UNSUPPORTED_MEDIA_TYPE' : status === 429 ? 'RATE_LIMITED' : 'BAD_REQUEST';
        const message = status === 400 && err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ? 'The request body is not valid JSON' : err.message;
        return reply.status(status).send({ error: code, message });
      }
      request.log.error({ err }, 'request failed');
      return reply.status(500).send({ error: 'INTERNAL', message: 'Something went wrong on our side. Please try again.' });
    });
  },
  { name: 'error-handler' },
);
