import { IMAGE_MAX_PIXELS, IMAGE_TOO_MANY_PIXELS_MESSAGE, msg } from '@zema/contracts';
import sharp from 'sharp';
import { RASTER_IMAGE_FORMATS, readImageHeader } from '#src/lib/image-header';
import { type FileStorage, generateStorageKey } from '#src/platform/storage';

/** Largest picture an admin may upload for an artist, album, track, genre or channel. */
export const IMAGE_MAX_BYTES = 10 * 1024 * 1024;
/** Stored pictures fit in this square (covers are shown at most this large). */
export const IMAGE_MAX_SIDE = 1000;

export class ImageInputError extends Error {
  override name = 'ImageInputError';
}

export const IMAGE_MESSAGES = {
  notImage: msg('This file type is not allowed'),
  tooLarge: msg('The file may not be greater than 10 MB.'),
  select: msg('Please select an image.'),
  tooManyPixels: IMAGE_TOO_MANY_PIXELS_MESSAGE,
} as const;

/**
 * Re-encodes an uploaded picture (format from the bytes, EXIF rotation applied, metadata dropped,
 * fitted in 1000×1000) as WebP under `images/`, and returns its public URL for the `image` fields.
 */
export async function saveCatalogueImage(deps: { storage: FileStorage }, input: Buffer): Promise<string> {
  if (input.length > IMAGE_MAX_BYTES) throw new ImageInputError(IMAGE_MESSAGES.tooLarge);
  const header = await readImageHeader(input);
  if (header?.tooManyPixels) throw new ImageInputError(IMAGE_MESSAGES.tooManyPixels);
  if (!header?.format || !RASTER_IMAGE_FORMATS.has(header.format))
    throw new ImageInputError(IMAGE_MESSAGES.notImage);
  let encoded: Buffer;
  try {
    encoded = await sharp(input, { limitInputPixels: IMAGE_MAX_PIXELS })
      .rotate()
      .resize(IMAGE_MAX_SIDE, IMAGE_MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    // Corrupt data behind a valid header.
    throw new ImageInputError(IMAGE_MESSAGES.notImage);
  }
  const key = generateStorageKey('images', 'webp');
  await deps.storage.put(key, encoded, 'image/webp');
  return deps.storage.publicUrl(key);
}
