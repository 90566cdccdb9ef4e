import { useForm } from 'react-hook-form';
import { TextareaField } from '@/components/ui/form';

/**
 * Where a buyer pastes what a spreadsheet copied (issue 33): 'Fill the grid' reads the lines into
 * the quick order grid (shared `parsePastedOrder`) and empties the box.
 */
export function PasteBox({ onRead }: { onRead: (text: string) => void }) {
  const { register, handleSubmit, reset } = useForm<{ text: string }>({ defaultValues: { text: '' } });
  const onSubmit = handleSubmit(({ text }) => {
    onRead(text);
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
      <button type="submit" className="btn btn-sm">
        Fill the grid
      </button>
    </form>
  );
}
