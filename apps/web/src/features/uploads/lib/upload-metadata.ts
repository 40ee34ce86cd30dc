import type { UploadItem, UploadMetadata } from './upload-types';

/** The caller's metadata plus the file's place in a dropped folder (the server keeps the path). */
export function uploadMetadataFor(
  item: Pick<UploadItem, 'relativePath'>,
  metadata: UploadMetadata,
): UploadMetadata {
  return item.relativePath ? { ...metadata, relativePath: item.relativePath } : { ...metadata };
}
