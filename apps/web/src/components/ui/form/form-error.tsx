import type { ErrorLine } from '@bulkparts/shared';
import { MessageText } from '@/components/ui/message-text';
import { ERROR_TEXT } from './form-field';

/**
 * The form-level error (a refused sign-in, a declined card), announced at once (role="alert").
 * `panel` draws it boxed, for a problem that must not be missed next to a big button.
 */
export function FormError({ message, variant = 'text' }: { message: string | null | undefined; variant?: 'text' | 'panel' }) {
  if (!message) return null;
  const look = variant === 'panel' ? 'rounded-box border border-red-300 bg-red-50 p-3 font-medium' : 'text-sm';
  return (
    <p role="alert" className={`${look} ${ERROR_TEXT}`}>
      <MessageText message={message} />
    </p>
  );
}

/** A refusal of a many-line request (checkout, accepting a quote): its message, then each line it names. */
export interface LinesFailure {
  message: string;
  lines: ErrorLine[];
}

export function LinesFailureMessage({ failure }: { failure: LinesFailure | null }) {
  if (!failure) return null;
  return (
    <div role="alert" className="space-y-1">
      <FormError message={failure.message} variant="panel" />
      {failure.lines.length > 0 && (
        <ul className={`list-disc pl-6 text-sm ${ERROR_TEXT}`}>
          {failure.lines.map((l) => (
            <li key={`${l.productId ?? l.index}-${l.sku}`}>
              <span className="font-mono">{l.sku}</span>: {l.message}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
