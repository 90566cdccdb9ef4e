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
