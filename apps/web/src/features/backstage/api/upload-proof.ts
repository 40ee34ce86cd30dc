import { useMutation } from '@tanstack/react-query';
import { uploads } from '@zema/contracts/uploads/uploads.operations';
import { api } from '#src/lib/api-client';

/**
 * POST file-entries (multipart {file, clientMime, clientExtension, metadata}): the proof of a
 * backstage request is a private file entry of the requester; its id goes with the request.
 */
export async function uploadProof(file: File) {
  const body = new FormData();
  body.append('file', file);
  body.append('clientMime', file.type || 'application/octet-stream');
  const dot = file.name.lastIndexOf('.');
  body.append('clientExtension', dot > 0 ? file.name.slice(dot + 1).toLowerCase() : '');
  body.append('metadata', JSON.stringify({ name: file.name }));
  return (await api.call(uploads.createEntry, { body })).fileEntry;
}

export function useUploadProof() {
  return useMutation({ mutationFn: uploadProof, meta: { handlesErrors: true } });
}
