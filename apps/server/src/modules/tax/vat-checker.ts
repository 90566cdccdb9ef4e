import { normalizeVatNumber, vatNumberFormatOk, type VatCheck } from '@bulkparts/shared';

/** A VAT number's check as stored on its company: the answer, or why it stays unverified. */
export interface StoredVatCheck extends VatCheck {
  /** Why it is unverified: the service could not be reached (the background job retries), or no service is set. */
  note: string | null;
}

export const VAT_CHECK_UNAVAILABLE = 'The VAT check service could not be reached: VAT is charged until the number is verified (retried automatically).';
export const VAT_CHECK_NOT_CONFIGURED = 'No VAT check service is configured: the number is format-checked only and VAT is charged.';

export type VatChecker = (vatNumber: string, now: string) => Promise<StoredVatCheck>;

/**
 * Issue 30: a VIES-compatible check (`POST {url}/check-vat-number { countryCode, vatNumber }` →
 * `{ valid, requestDate, requestIdentifier? }`). A bad format is `invalid` without asking; without a
 * URL a well-formed number stays `unverified`; the service down or answering nonsense leaves it
 * `unverified` with a note, so VAT is charged and the job retries (never a reverse charge unverified).
 */
export function createVatChecker(url: string | undefined, fetchImpl: typeof fetch = fetch): VatChecker {
  return async (vatNumber, now) => {
    if (!vatNumberFormatOk(vatNumber)) return { status: 'invalid', checkedAt: now, requestIdentifier: null, note: 'The VAT number is not well formed.' };
    if (!url) return { status: 'unverified', checkedAt: null, requestIdentifier: null, note: VAT_CHECK_NOT_CONFIGURED };
    const n = normalizeVatNumber(vatNumber);
    try {
      const res = await fetchImpl(`${url}/check-vat-number`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ countryCode: n.slice(0, 2), vatNumber: n.slice(2) }),
        signal: AbortSignal.timeout(5000),
      });
      if (!res.ok) throw new Error(`VAT check answered ${res.status}`);
      const body = (await res.json()) as { valid?: unknown; requestDate?: unknown; requestIdentifier?: unknown };
      if (typeof body.valid !== 'boolean') throw new Error('VAT check answered without `valid`');
      return {
        status: body.valid ? 'valid' : 'invalid',
        checkedAt: typeof body.requestDate === 'string' && body.requestDate ? body.requestDate : now,
        requestIdentifier: typeof body.requestIdentifier === 'string' && body.requestIdentifier ? body.requestIdentifier : null,
        note: null,
      };
    } catch {
      return { status: 'unverified', checkedAt: null, requestIdentifier: null, note: VAT_CHECK_UNAVAILABLE };
    }
  };
}
