import { FormField, type FieldProps } from './form-field';

/**
 * A labelled file picker that hands over the chosen file and empties itself, so choosing the same
 * file again (after an error) picks it again. While `busy` it is disabled and says 'Uploading…'.
 */
export function FileField({ accept, busy, onFile, ...field }: FieldProps & { accept: string; busy: boolean; onFile: (file: File) => void }) {
  return (
    <div>
      <FormField {...field}>
        {(control) => (
          <input
            type="file"
            accept={accept}
            className="file-input file-input-bordered file-input-sm w-full max-w-xs"
            disabled={busy}
            onChange={(e) => {
              const file = e.target.files?.[0];
              e.target.value = '';
              if (file) onFile(file);
            }}
            {...control}
          />
        )}
      </FormField>
      {busy && <p role="status">Uploading…</p>}
    </div>
  );
}
