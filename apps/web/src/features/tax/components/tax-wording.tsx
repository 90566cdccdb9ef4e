import { taxWordings, type Order } from '@bulkparts/shared';

/** Issue 30: the order's tax wording (exemption certificate, reverse charge, export), as its invoice prints it. */
export function TaxWording({ order }: { order: Pick<Order, 'lines'> }) {
  const wording = taxWordings(order.lines.map((l) => l.tax));
  if (wording.length === 0) return null;
  return (
    <ul className="text-sm text-base-content/80">
      {wording.map((w) => (
        <li key={w}>{w}</li>
      ))}
    </ul>
  );
}
