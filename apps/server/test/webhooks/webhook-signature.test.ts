import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { WEBHOOK_SECRET_PREFIX } from '@bulkparts/shared';
import { signWebhook } from '../../src/modules/webhooks/webhook-sender.js';

/** The sender signs with node:crypto (ADR 0022); the Standard Webhooks package is the reference. */
describe('webhook signature', () => {
  it('is the standardwebhooks package’s signature for any id, time and body, and verifies with it', () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ minLength: 24, maxLength: 32 }),
        fc.string({ minLength: 1, maxLength: 40 }),
        fc.string({ unit: 'grapheme' }),
        (key, id, body) => {
          const secret = `${WEBHOOK_SECRET_PREFIX}${Buffer.from(key).toString('base64')}`;
          const at = new Date(1_700_000_000_000 + key[0]! * 1000);
          const seconds = Math.floor(at.getTime() / 1000);
          const ours = signWebhook(secret, id, seconds, body);
          expect(ours).toBe(new Webhook(secret).sign(id, at, body));
        },
      ),
      { numRuns: 200 },
    );
  });

  it('a delivery signed now passes the package’s verify (timestamp window included)', () => {
    const secret = `${WEBHOOK_SECRET_PREFIX}${randomBytes(24).toString('base64')}`;
    const body = JSON.stringify({ type: 'order.placed', timestamp: new Date().toISOString(), data: { name: 'Hex bolt M8 — Ø 8 mm' } });
    const seconds = Math.floor(Date.now() / 1000);
    const headers = { 'webhook-id': 'msg_1', 'webhook-timestamp': String(seconds), 'webhook-signature': signWebhook(secret, 'msg_1', seconds, body) };
    expect(new Webhook(secret).verify(body, headers)).toEqual(JSON.parse(body));
    expect(() => new Webhook(secret).verify(`${body} `, headers)).toThrow();
  });
});
