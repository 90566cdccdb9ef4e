import { useState } from 'react';
import { toast } from 'react-toastify';
import { PHOTO_MAX_BYTES, PHOTO_TYPES } from '@bulkparts/shared';
import { FormField } from '@/components/ui/form';
import { errorMessage } from '@/lib/api-client';
import { useUploadPhoto } from '../api/upload-photo';

/** Checks type and size before uploading; the server checks the bytes again and decides. */
export function photoFileError(file: File): string | null {
  if (!(PHOTO_TYPES as readonly string[]).includes(file.type)) return 'Choose a JPEG, PNG or WebP image';
  if (file.size > PHOTO_MAX_BYTES) return `The image must be at most ${PHOTO_MAX_BYTES / 1024 / 1024} MB`;
  return null;
}

export function PhotoPicker({ photoURL, name }: { photoURL: string | null; name: string }) {
  const upload = useUploadPhoto();
  const [error, setError] = useState<string | null>(null);

  async function onChange(e: React.ChangeEvent<HTMLInputElement>) {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    const problem = photoFileError(file);
    setError(problem);
    if (problem) return;
    try {
      await upload.mutateAsync(file);
      toast.success('Photo updated');
    } catch (err) {
      const message = errorMessage(err, 'Upload failed');
      setError(message);
      toast.error(message);
    }
  }

  return (
    <div className="flex items-center gap-4">
      <div className="avatar">
        <div className="w-20 rounded-full bg-base-300">{photoURL ? <img src={photoURL} alt={`Photo of ${name}`} /> : null}</div>
      </div>
      <div>
        <FormField label="Update photo" hint={`JPEG, PNG or WebP, up to ${PHOTO_MAX_BYTES / 1024 / 1024} MB.`} error={error}>
          {(control) => (
            <input
              type="file"
              accept={PHOTO_TYPES.join(',')}
              className="file-input file-input-bordered file-input-sm w-full max-w-xs"
              disabled={upload.isPending}
              onChange={(e) => void onChange(e)}
              {...control}
            />
          )}
        </FormField>
        {upload.isPending && <p role="status">Uploading…</p>}
      </div>
    </div>
  );
}
