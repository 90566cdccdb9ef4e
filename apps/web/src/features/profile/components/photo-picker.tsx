import { useId, useState } from 'react';
import { toast } from 'react-toastify';
import { PHOTO_MAX_BYTES, PHOTO_TYPES } from '@bulkparts/shared';
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
  const id = useId();

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
        <label htmlFor={id} className="label-text mb-1 block font-semibold">
          Update photo
        </label>
        <input
          id={id}
          type="file"
          accept={PHOTO_TYPES.join(',')}
          className="file-input file-input-bordered file-input-sm w-full max-w-xs"
          aria-describedby={`${id}-hint ${id}-error`}
          disabled={upload.isPending}
          onChange={(e) => void onChange(e)}
        />
        <p id={`${id}-hint`} className="mt-1 text-xs opacity-70">
          JPEG, PNG or WebP, up to {PHOTO_MAX_BYTES / 1024 / 1024} MB.
        </p>
        {upload.isPending && <p role="status">Uploading…</p>}
        {error && (
          <p id={`${id}-error`} role="alert" className="mt-1 text-sm text-red-700">
            {error}
          </p>
        )}
      </div>
    </div>
  );
}
