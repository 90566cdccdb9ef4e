import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** `POST /api/uploads` (admins): stores the image and answers the path to put into `img`. */
export function uploadProductImage(file: File): Promise<{ url: string }> {
  const body = new FormData();
  body.append('file', file);
  return api<{ url: string }>('/api/uploads', { method: 'POST', body });
}

export function useUploadProductImage() {
  return useMutation({ mutationFn: uploadProductImage });
}
