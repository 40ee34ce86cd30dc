import {
  IMAGE_MAX_PIXELS,
  IMAGE_TOO_MANY_PIXELS_MESSAGE,
  LIBRARY_MESSAGES,
  PLAYLIST_IMAGE_MAX_BYTES,
  PLAYLIST_IMAGE_SIZE,
} from '@zema/contracts';
import type { FastifyRequest } from 'fastify';
import sharp from 'sharp';
import { invalidInput } from '#src/lib/errors';
import { RASTER_IMAGE_FORMATS, readImageHeader } from '#src/lib/image-header';

const bad = (message: string) => invalidInput({ file: [message] });

/**
 * A playlist cover from the upload: the format is read from the bytes (never the client's name or
 * type), rotated by EXIF, cropped square to 512×512 and written as WebP without metadata.
 */
export async function encodePlaylistImage(input: Buffer): Promise<Buffer> {
  if (!input.length) throw bad(LIBRARY_MESSAGES.selectImage);
  if (input.length > PLAYLIST_IMAGE_MAX_BYTES) throw bad(LIBRARY_MESSAGES.imageTooLarge);
  // Decoding bombs: a picture over the pixel limit is refused, as such, before it is decoded.
  const header = await readImageHeader(input);
  if (header?.tooManyPixels) throw bad(IMAGE_TOO_MANY_PIXELS_MESSAGE);
  if (!header?.format || !RASTER_IMAGE_FORMATS.has(header.format)) throw bad(LIBRARY_MESSAGES.imageType);
  try {
    return await sharp(input, { limitInputPixels: IMAGE_MAX_PIXELS })
      .rotate()
      .resize(PLAYLIST_IMAGE_SIZE, PLAYLIST_IMAGE_SIZE, { fit: 'cover' })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    // Truncated or corrupt data that passed the header check.
    throw bad(LIBRARY_MESSAGES.imageType);
  }
}

/** The bytes of POST playlists/{id}/image: a multipart `file`, or the raw image/* request body. */
export async function readPlaylistImage(request: FastifyRequest): Promise<Buffer> {
  if (request.isMultipart()) {
    let file: Buffer | undefined;
    try {
      for await (const part of request.parts()) {
        // The client's file name is never read: stored names are generated.
        if (part.type === 'file') {
          const data = await part.toBuffer();
          if (part.fieldname === 'file') file = data;
        }
      }
    } catch (err) {
      if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
        throw bad(LIBRARY_MESSAGES.imageTooLarge);
      throw err;
    }
    if (!file) throw bad(LIBRARY_MESSAGES.selectImage);
    return file;
  }
  if (Buffer.isBuffer(request.body)) return request.body;
  throw bad(LIBRARY_MESSAGES.selectImage);
}
