import type { InputHTMLAttributes, ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';

/**
 * A grid's input (issue 33: the quick order grid, a list's quantities): its label is read, not
 * shown (the column header says it), and its problem is in a cell of its own, which
 * `describedBy` names; `invalid` marks the cell at fault. Everything else as the form kit's fields.
 */
export function CellInput({
  id,
  label,
  invalid,
  describedBy,
  registration,
  className = 'input input-bordered input-sm w-full',
  ...input
}: Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className'> & {
  id: string;
  label: ReactNode;
  invalid: boolean;
  describedBy?: string | undefined;
  registration: UseFormRegisterReturn;
  className?: string;
}) {
  return (
    <>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <input id={id} className={className} aria-invalid={invalid} aria-describedby={describedBy} {...input} {...registration} />
    </>
  );
}
