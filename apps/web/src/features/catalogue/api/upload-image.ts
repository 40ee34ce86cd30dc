import { catalogueAdmin } from '@zema/contracts/catalogue/catalogue-admin.operations';
import { api } from '#src/lib/api-client';

/** POST catalogue/images (multipart `file`): the picture's URL, for an `image` field of a form. */
export async function uploadCatalogueImage(file: File) {
  const body = new FormData();
  body.append('file', file);
  return (await api.call(catalogueAdmin.uploadImage, { body })).url;
}
