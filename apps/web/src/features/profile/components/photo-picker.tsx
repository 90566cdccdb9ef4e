import { useState } from 'react';
import { toast } from 'react-toastify';
import { PHOTO_MAX_BYTES, PHOTO_TYPES, photoFileProblem } from '@bulkparts/shared';
import { FileField } from '@/components/ui/form';
import { errorMessage } from '@/lib/api-client';
import { useUploadPhoto } from '../api/upload-photo';

export function PhotoPicker({ photoURL, name }: { photoURL: string | null; name: string }) {
  const upload = useUploadPhoto();
  const [error, setError] = useState<string | null>(null);

  async function onFile(file: File) {
    const problem = photoFileProblem(file);
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
      <FileField
        label="Update photo"
        hint={`JPEG, PNG or WebP, up to ${PHOTO_MAX_BYTES / 1024 / 1024} MB.`}
        error={error}
        accept={PHOTO_TYPES.join(',')}
        busy={upload.isPending}
        onFile={(file) => void onFile(file)}
      />
    </div>
  );
}
