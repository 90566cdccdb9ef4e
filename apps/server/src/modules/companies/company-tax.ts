import type { TaxExemption } from '@bulkparts/shared';
import { renderMail } from '../mail/templates.js';
import type { VatChecker } from '../tax/vat-checker.js';
import type { CompaniesRepository } from './companies.repository.js';
import { vatCheckOf } from './company-view.js';
import { mailSafeName } from './company-mail.js';

/** A VAT number is checked again this long after its last answer (issue 30). */
export const VAT_RECHECK_DAYS = 30;
/** Shop admins are mailed this long before an exemption certificate expires. */
export const EXEMPTION_WARNING_DAYS = 30;
const DAY_MS = 86_400_000;

export interface CompanyTaxDeps {
  repo: Pick<CompaniesRepository, 'taxSweepRows' | 'update'>;
  vatChecker?: VatChecker | undefined;
  shopAdminEmails?: (() => Promise<string[]>) | undefined;
  mailer?: { send(message: { to: string; subject: string; text: string; html: string }): Promise<void> } | undefined;
  publicUrl?: string | undefined;
  now: () => Date;
}

/**
 * Issue 30: a company's VAT number checked when saved and every 30 days (sooner, at the next
 * round, when the service could not be reached), and its exemption certificate watched: the shop
 * admins are mailed once, 30 days before it expires; once expired the company is taxed again
 * (`exemptionHolds` in packages/shared, nothing to do here).
 */
export function createCompanyTaxSteps({ repo, vatChecker, shopAdminEmails, mailer, publicUrl, now }: CompanyTaxDeps) {
  async function checkJson(vatNumber: string): Promise<string> {
    const iso = now().toISOString();
    const result = vatChecker
      ? await vatChecker(vatNumber, iso)
      : {
          status: 'unverified' as const,
          checkedAt: null,
          requestIdentifier: null,
          note: 'No VAT check service is configured: the number is format-checked only and VAT is charged.',
        };
    return JSON.stringify(result);
  }

  return {
    checkJson,

    /** One round: VAT numbers due a check rechecked; certificates expiring within 30 days mailed about once. Returns what it did. */
    async sweep(): Promise<{ rechecked: number; reminded: number }> {
      const at = now();
      const today = at.toISOString().slice(0, 10);
      const warnBy = new Date(at.getTime() + EXEMPTION_WARNING_DAYS * DAY_MS).toISOString().slice(0, 10);
      let rechecked = 0;
      let reminded = 0;
      for (const row of await repo.taxSweepRows()) {
        if (row.tax_id && vatChecker) {
          const last = vatCheckOf(row.vat_check);
          const due = row.vat_check === null || last.note !== null || !last.checkedAt || Date.parse(last.checkedAt) + VAT_RECHECK_DAYS * DAY_MS <= at.getTime();
          if (due) {
            await repo.update(row.id, { vat_check: await checkJson(row.tax_id), updated_at: at.toISOString() });
            rechecked++;
          }
        }
        if (row.tax_exemption && mailer && shopAdminEmails) {
          const e = JSON.parse(row.tax_exemption) as TaxExemption & { remindedFor?: string };
          if (e.expiresOn >= today && e.expiresOn <= warnBy && e.remindedFor !== e.expiresOn) {
            const name = mailSafeName(row.name) ?? 'A company';
            for (const to of await shopAdminEmails()) {
              await mailer.send(
                renderMail({
                  to,
                  subject: `Tax exemption certificate ${e.certificateNumber} expires on ${e.expiresOn}`,
                  greeting: 'Hello,',
                  lines: [
                    `${name}'s tax exemption certificate ${e.certificateNumber} (${e.country}${e.region ? `-${e.region}` : ''}) expires on ${e.expiresOn}.`,
                    'After that day its orders are taxed again. Record the renewed certificate on the company page.',
                  ],
                  ...(publicUrl ? { action: { label: 'Open the company', url: `${publicUrl}/dashboard/companies` } } : {}),
                }),
              );
            }
            // Remembered per expiry date: a renewed certificate is mailed about again before it expires.
            await repo.update(row.id, { tax_exemption: JSON.stringify({ ...e, remindedFor: e.expiresOn }), updated_at: at.toISOString() });
            reminded++;
          }
        }
      }
      return { rechecked, reminded };
    },
  };
}
