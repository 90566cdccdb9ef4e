import { describe, expect, it } from 'vitest';
import { authErrorBody } from '../../src/modules/auth/auth-error-body.js';

/** better-auth answers some 4xx without a message (e.g. 401 `null` from /refresh-token, found by the fuzzer). */
describe('authErrorBody', () => {
  it('gives a 4xx without a JSON message the shop’s error shape', () => {
    expect(JSON.parse(authErrorBody(401, 'null')!)).toEqual({ error: 'UNAUTHENTICATED', message: 'Please sign in to continue' });
    expect(JSON.parse(authErrorBody(403, '')!)).toMatchObject({ error: 'FORBIDDEN' });
    expect(JSON.parse(authErrorBody(404, '{"code":"X"}')!)).toMatchObject({ error: 'NOT_FOUND' });
    expect(JSON.parse(authErrorBody(400, 'not json')!)).toMatchObject({ error: 'BAD_REQUEST', message: 'The request was not accepted' });
  });
  it('keeps answers that have a message, and anything that is not a 4xx', () => {
    expect(authErrorBody(400, '{"message":"Invalid email","code":"INVALID_EMAIL"}')).toBeNull();
    expect(authErrorBody(200, 'null')).toBeNull();
    expect(authErrorBody(302, '')).toBeNull();
  });
});
