import { useId } from 'react';

/** The product's specifications (`attributes`) as a two-column table under its own heading. */
export function SpecTable({ attributes }: { attributes: Record<string, string> }) {
  const headingId = useId();
  const rows = Object.entries(attributes);
  if (rows.length === 0) return null;
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className="mb-2 text-xl font-semibold">
        Specifications
      </h2>
      <table className="table table-sm" aria-labelledby={headingId}>
        <tbody>
          {rows.map(([name, value]) => (
            <tr key={name}>
              <th scope="row" className="w-1/3 font-medium text-base-content/70">
                {name}
              </th>
              <td>{value}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
