import { useState } from 'react';
import { toast } from 'react-toastify';
import { COMPANY_ROLE_LABELS, shippingAddressLines, type Company } from '@bulkparts/shared';
import { CompanyTaxStatus } from './company-tax-status';
import { CompanyForm } from './company-form';

/** The company's name, tax id, billing address and the caller's role; a company admin edits them in place. */
export function CompanyProfile({ company }: { company: Company }) {
  const [editing, setEditing] = useState(false);
  const isAdmin = company.myRole === 'admin';
  if (editing) {
    return (
      <section aria-labelledby="profile-title" className="space-y-3">
        <h2 id="profile-title" className="text-xl font-semibold">
          Company profile
        </h2>
        <CompanyForm
          company={company}
          onSaved={(saved) => {
            toast.success(`${saved.name} saved`);
            setEditing(false);
          }}
          onCancel={() => setEditing(false)}
        />
      </section>
    );
  }
  return (
    <section aria-labelledby="profile-title" className="space-y-3">
      <h2 id="profile-title" className="text-xl font-semibold">
        Company profile
      </h2>
      <dl className="grid gap-3 sm:grid-cols-2">
        <div>
          <dt className="font-semibold">Tax id</dt>
          <dd className="break-all">{company.taxId ?? '—'}</dd>
        </div>
        <CompanyTaxStatus company={company} />
        <div>
          <dt className="font-semibold">Your role</dt>
          <dd>{company.myRole ? COMPANY_ROLE_LABELS[company.myRole] : '—'}</dd>
        </div>
        <div>
          <dt className="font-semibold">Billing address</dt>
          <dd>
            <address className="not-italic break-words">
              {shippingAddressLines(company.billingAddress).map((line, i) => (
                <span key={i} className="block">
                  {line}
                </span>
              ))}
            </address>
          </dd>
        </div>
        <div>
          <dt className="font-semibold">Members</dt>
          <dd>{company.memberCount}</dd>
        </div>
      </dl>
      {isAdmin && (
        <button type="button" className="btn btn-outline btn-sm" onClick={() => setEditing(true)}>
          Edit company
        </button>
      )}
    </section>
  );
}
