import { useMutation } from '@tanstack/react-query';
import { backstage } from '@zema/contracts/backstage/backstage.operations';
import { api } from '#src/lib/api-client';

/** POST backstage/images (multipart `file`): the picture's URL, for an `image` field. */
export async function uploadBackstageImage(file: File) {
  const body = new FormData();
  body.append('file', file);
  return (await api.call(backstage.uploadImage, { body })).url;
}

export function useUploadBackstageImage() {
  return useMutation({ mutationFn: uploadBackstageImage, meta: { handlesErrors: true } });
}
