import { taxWordings, type LineTax, type Order } from '@bulkparts/shared';

/** Issue 30: the order's tax wording (exemption certificate, reverse charge, export), as its invoice prints it. */
export function TaxWording({ order }: { order: Pick<Order, 'lines'> }) {
  const taxes = order.lines.map((l): LineTax | null =>
    l.tax
      ? {
          rule: l.tax.rule,
          rateBp: Math.round(l.tax.rate * 100),
          amountCents: Math.round(l.tax.amount * 100),
          zone: l.tax.zone,
          name: l.tax.name,
          evidence: l.tax.evidence,
        }
      : null,
  );
  const wording = taxWordings(taxes);
  if (wording.length === 0) return null;
  return (
    <ul className="text-sm text-base-content/80">
      {wording.map((w) => (
        <li key={w}>{w}</li>
      ))}
    </ul>
  );
}
