import type { Company } from '@bulkparts/shared';

const VAT_STATUS_TEXT = { valid: 'verified', invalid: 'not valid', unverified: 'not verified' } as const;

/**
 * Issue 30: what the shop knows of a company's tax standing, as `<dt>`/`<dd>` pairs: its VAT
 * number's last check (an unverified or invalid number is charged VAT; why it is unverified) and
 * its exemption certificate (expired: taxed again).
 */
export function CompanyTaxStatus({
  company,
  today = new Date().toISOString().slice(0, 10),
}: {
  company: Pick<Company, 'taxId' | 'vatCheck' | 'taxExemption'>;
  today?: string;
}) {
  const check = company.vatCheck;
  const e = company.taxExemption;
  return (
    <>
      {company.taxId && check && (
        <div>
          <dt className="font-semibold">VAT number check</dt>
          <dd>
            <span className={check.status === 'valid' ? 'text-green-800' : 'text-amber-800'}>{VAT_STATUS_TEXT[check.status]}</span>
            {check.checkedAt && <span className="text-base-content/70"> on {check.checkedAt.slice(0, 10)}</span>}
            {check.requestIdentifier && <span className="block text-xs break-all text-base-content/70">Reference {check.requestIdentifier}</span>}
            {check.status !== 'valid' && <span className="block text-sm">VAT is charged until the number is verified.</span>}
            {check.note && <span className="block text-sm">{check.note}</span>}
          </dd>
        </div>
      )}
      <div>
        <dt className="font-semibold">Tax exemption</dt>
        <dd>
          {e ? (
            <>
              Certificate {e.certificateNumber} for {e.country}
              {e.region ? `-${e.region}` : ''},{' '}
              {e.expiresOn < today ? <strong className="text-amber-800">expired on {e.expiresOn}: taxed again</strong> : `valid until ${e.expiresOn}`}
            </>
          ) : (
            'None'
          )}
        </dd>
      </div>
    </>
  );
}
