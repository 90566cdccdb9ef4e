import { useForm } from 'react-hook-form';
import { TextareaField } from '@/components/ui/form';

/**
 * Where a buyer pastes what a spreadsheet copied (issue 33): the button hands the text on (the
 * quick order grid and a requisition list read it with the shared `parsePastedOrder`) and empties the box.
 */
export function PasteBox({
  onRead,
  submitLabel = 'Fill the grid',
  pending = false,
}: {
  onRead: (text: string) => void | Promise<unknown>;
  submitLabel?: string;
  pending?: boolean;
}) {
  const { register, handleSubmit, reset } = useForm<{ text: string }>({ defaultValues: { text: '' } });
  const onSubmit = handleSubmit(async ({ text }) => {
    await onRead(text);
    reset({ text: '' });
  });
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-2" aria-label="Paste lines">
      <TextareaField
        label="Paste from a spreadsheet"
        hint="One part per line: its SKU, then its quantity, separated by tabs, commas, semicolons or spaces. A header row is skipped; 1,000 is a thousand."
        textareaClassName="textarea textarea-bordered h-28 w-full font-mono text-sm"
        registration={register('text')}
      />
      <button type="submit" className="btn btn-sm" disabled={pending}>
        {submitLabel}
      </button>
    </form>
  );
}
