import { createHmac } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import { isIP, type BlockList } from 'node:net';
import { WEBHOOK_SECRET_PREFIX } from '@bulkparts/shared';
import { blockedAddress, blockedLabel, hostOf, hostAddresses, PrivateAddressError, publicOnlyLookup, type ResolveAll } from './webhook-address.js';

/** Each attempt gives up after this long (issue 19). */
export const WEBHOOK_TIMEOUT_MS = 10_000;
/** Of an endpoint's answer only this much is read (and thrown away), then the connection is closed. */
const RESPONSE_BYTES_MAX = 64 * 1024;

export interface SendResult {
  ok: boolean;
  statusCode: number | null;
  durationMs: number;
  error: string | null;
}

export interface WebhookRequest {
  url: string;
  secret: string;
  /** The delivery id: the same `webhook-id` on every attempt, so receivers can drop repeats. */
  id: string;
  body: string;
}

export type SendWebhook = (request: WebhookRequest) => Promise<SendResult>;

/**
 * The Standard Webhooks signature: `v1,` + base64 HMAC-SHA256 of `id.timestamp.body`, keyed with
 * the secret's base64 after `whsec_`. Node's HMAC rather than the `standardwebhooks` package's
 * pure-JavaScript one, which cost each delivery about three times as much CPU (ADR 0022); every
 * test verifies with the package, so the two cannot drift apart.
 */
export function signWebhook(secret: string, id: string, timestampSeconds: number, body: string): string {
  const key = Buffer.from(secret.startsWith(WEBHOOK_SECRET_PREFIX) ? secret.slice(WEBHOOK_SECRET_PREFIX.length) : secret, 'base64');
  return `v1,${createHmac('sha256', key).update(`${id}.${timestampSeconds}.${body}`).digest('base64')}`;
}

/**
 * POSTs one signed delivery (Standard Webhooks: `webhook-id`, `webhook-timestamp`,
 * `webhook-signature` = HMAC-SHA256 of `id.timestamp.body` with the endpoint's secret). A 2xx
 * answer is a success; anything else, a timeout or a refused address is a failure.
 */
export function createWebhookSender({
  allowPrivate,
  timeoutMs = WEBHOOK_TIMEOUT_MS,
  resolve,
  own = hostAddresses,
}: {
  allowPrivate: boolean;
  timeoutMs?: number;
  /** Name resolution (default `dns.lookup`); tests bring their own. */
  resolve?: ResolveAll;
  /** The host's own addresses (default: its interfaces'); tests bring their own. */
  own?: () => BlockList;
}): SendWebhook {
  const lookup = allowPrivate ? undefined : publicOnlyLookup({ ...(resolve ? { resolve } : {}), own });
  return async ({ url, secret, id, body }) => {
    const started = performance.now();
    const done = (ok: boolean, statusCode: number | null, error: string | null): SendResult => ({
      ok,
      statusCode,
      durationMs: Math.round(performance.now() - started),
      error,
    });
    let target: URL;
    try {
      target = new URL(url);
    } catch {
      return done(false, null, 'The URL is not valid');
    }
    if (target.protocol !== 'http:' && target.protocol !== 'https:') return done(false, null, 'Only http and https URLs are called');
    const host = hostOf(target);
    // A literal address is never looked up, so it is checked here; names are checked by the lookup.
    if (!allowPrivate && isIP(host)) {
      const reason = blockedAddress(host, own());
      if (reason) return done(false, null, `${host} is ${blockedLabel(reason)}`);
    }
    const timestamp = Math.floor(Date.now() / 1000);
    const signature = signWebhook(secret, id, timestamp, body);
    const client = target.protocol === 'https:' ? https : http;
    return new Promise<SendResult>((resolve) => {
      const req = client.request(
        target,
        {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
            'user-agent': 'bulkparts-webhooks/1',
            'webhook-id': id,
            'webhook-timestamp': String(timestamp),
            'webhook-signature': signature,
          },
          timeout: timeoutMs,
          ...(lookup ? { lookup } : {}),
        },
        (res) => {
          const status = res.statusCode ?? 0;
          let read = 0;
          res.on('data', (chunk: Buffer) => {
            read += chunk.length;
            if (read > RESPONSE_BYTES_MAX) res.destroy();
          });
          const finish = () => resolve(done(status >= 200 && status < 300, status, status >= 200 && status < 300 ? null : `HTTP ${status}`));
          res.on('end', finish);
          res.on('close', finish);
          res.on('error', finish);
        },
      );
      // The whole attempt, not only idle time, is bounded.
      const deadline = setTimeout(() => req.destroy(new Error(`No answer within ${timeoutMs / 1000} s`)), timeoutMs);
      req.on('timeout', () => req.destroy(new Error(`No answer within ${timeoutMs / 1000} s`)));
      req.on('error', (error) => resolve(done(false, null, error instanceof PrivateAddressError ? error.message : error.message || 'Connection failed')));
      req.on('close', () => clearTimeout(deadline));
      req.end(body);
    });
  };
}
