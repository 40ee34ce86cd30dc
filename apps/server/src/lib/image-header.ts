import { IMAGE_MAX_PIXELS } from '@zema/contracts';
import sharp from 'sharp';

/** Raster formats accepted from users; SVG and PDF are refused (scripts, external references). */
export const RASTER_IMAGE_FORMATS: ReadonlySet<string> = new Set([
  'jpeg',
  'png',
  'webp',
  'gif',
  'avif',
  'heif',
  'tiff',
]);

/**
 * What a picture's header says, read without decoding it: its format and whether it holds more
 * pixels than IMAGE_MAX_PIXELS. Null when it is no picture sharp can read. The header is read
 * without sharp's pixel limit, so a picture over it is told apart from a file of the wrong type
 * (sharp's own limit throws the same way for both); decoding keeps the limit.
 */
export async function readImageHeader(
  input: Buffer | string,
): Promise<{ format: string | undefined; tooManyPixels: boolean } | null> {
  try {
    const { format, width, height } = await sharp(input, { limitInputPixels: false }).metadata();
    return { format, tooManyPixels: (width ?? 0) * (height ?? 0) > IMAGE_MAX_PIXELS };
  } catch {
    return null;
  }
}
