import { randomBytes } from 'node:crypto';
import { msg } from '@zema/contracts';
import { type AppearanceImagePurpose, FAVICON_SIZES } from '@zema/contracts/appearance/appearance-admin';
import sanitizeHtml from 'sanitize-html';
import sharp from 'sharp';
import { InvalidInputError, invalidInput } from '#src/lib/errors';
import { RASTER_IMAGE_FORMATS, readImageHeader } from '#src/lib/image-header';
import { takeFileEntry } from '#src/modules/uploads/index';
import type { Deps } from '#src/platform/deps';

export const APPEARANCE_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
const MAX_PIXELS = 40_000_000;

export const APPEARANCE_IMAGE_MESSAGES = {
  notYours: msg('Upload the image first; this file is not yours or no longer exists.'),
  notImage: msg('Upload a PNG, JPEG, WebP, GIF or SVG image.'),
  tooLarge: msg('The image must be at most 5 MB.'),
} as const;

/**
 * SVG as an allow-list of drawing elements and attributes (the same way as custom HTML): no
 * script, no event handler, no foreignObject, no link outside the file. A logo is shown in an
 * <img>, where nothing runs anyway; this keeps it harmless opened on its own too.
 */
export function sanitizeSvg(svg: string): string {
  const drawing = [
    'svg',
    'g',
    'path',
    'circle',
    'ellipse',
    'line',
    'polyline',
    'polygon',
    'rect',
    'text',
    'tspan',
    'defs',
    'linearGradient',
    'radialGradient',
    'stop',
    'clipPath',
    'mask',
    'title',
    'desc',
    'symbol',
    'use',
    'pattern',
    'image',
  ];
  const presentation = [
    'id',
    'class',
    'style',
    'transform',
    'fill',
    'fill-opacity',
    'fill-rule',
    'stroke',
    'stroke-width',
    'stroke-linecap',
    'stroke-linejoin',
    'stroke-miterlimit',
    'stroke-dasharray',
    'stroke-dashoffset',
    'stroke-opacity',
    'opacity',
    'clip-path',
    'clip-rule',
    'mask',
    'font-family',
    'font-size',
    'font-weight',
    'font-style',
    'text-anchor',
    'dominant-baseline',
    'letter-spacing',
    'display',
    'visibility',
    'color',
  ];
  return sanitizeHtml(svg, {
    allowedTags: drawing,
    allowedAttributes: {
      '*': presentation,
      svg: ['xmlns', 'xmlns:xlink', 'viewBox', 'width', 'height', 'preserveAspectRatio', 'version', 'x', 'y'],
      path: ['d', 'pathLength'],
      circle: ['cx', 'cy', 'r'],
      ellipse: ['cx', 'cy', 'rx', 'ry'],
      line: ['x1', 'y1', 'x2', 'y2'],
      polyline: ['points'],
      polygon: ['points'],
      rect: ['x', 'y', 'width', 'height', 'rx', 'ry'],
      text: ['x', 'y', 'dx', 'dy'],
      tspan: ['x', 'y', 'dx', 'dy'],
      linearGradient: ['x1', 'y1', 'x2', 'y2', 'gradientUnits', 'gradientTransform', 'href', 'xlink:href'],
      radialGradient: [
        'cx',
        'cy',
        'r',
        'fx',
        'fy',
        'gradientUnits',
        'gradientTransform',
        'href',
        'xlink:href',
      ],
      stop: ['offset', 'stop-color', 'stop-opacity'],
      clipPath: ['clipPathUnits'],
      mask: ['x', 'y', 'width', 'height', 'maskUnits'],
      symbol: ['viewBox', 'preserveAspectRatio'],
      use: ['href', 'xlink:href', 'x', 'y', 'width', 'height'],
      pattern: ['x', 'y', 'width', 'height', 'patternUnits', 'viewBox'],
      image: ['href', 'xlink:href', 'x', 'y', 'width', 'height', 'preserveAspectRatio'],
    },
    // References stay inside the file (#id), or an embedded raster picture; nothing is fetched.
    allowedSchemes: ['data'],
    allowedSchemesByTag: { image: ['data'] },
    allowedSchemesAppliedToAttributes: ['href', 'xlink:href'],
    allowProtocolRelative: false,
    transformTags: {
      '*': (tagName, attribs) => {
        const href = attribs.href ?? attribs['xlink:href'];
        if (
          href &&
          !href.startsWith('#') &&
          !(tagName === 'image' && /^data:image\/(png|jpeg|webp|gif);/i.test(href))
        ) {
          const { href: _h, 'xlink:href': _x, ...rest } = attribs;
          return { tagName, attribs: rest };
        }
        return { tagName, attribs };
      },
    },
    parser: { lowerCaseTags: false, lowerCaseAttributeNames: false, xmlMode: true },
  });
}

const isSvg = (bytes: Buffer) =>
  /^\s*(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*(<!DOCTYPE[^>]*>\s*)?<svg[\s>]/i.test(
    bytes.subarray(0, 4096).toString('utf8'),
  );

async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of stream) {
    const buf = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string);
    total += buf.length;
    if (total > APPEARANCE_IMAGE_MAX_BYTES)
      throw invalidInput({ file_entry_id: [APPEARANCE_IMAGE_MESSAGES.tooLarge] });
    chunks.push(buf);
  }
  return Buffer.concat(chunks);
}

const name = () => randomBytes(8).toString('hex');

/**
 * An image of the appearance from the admin's upload (the upload queue's file entry): a logo or a
 * landing picture, re-encoded (raster) or sanitised (SVG), or a favicon, from which every size the
 * site's tab, phones and the web app manifest need is made. Answers the public address to put in
 * the appearance; the upload's own bytes go.
 */
export async function saveAppearanceImage(
  deps: Pick<Deps, 'db' | 'storage' | 'log'>,
  ownerId: number,
  input: { file_entry_id: number; purpose: AppearanceImagePurpose },
): Promise<{ url: string }> {
  const path = await takeFileEntry(deps.db, { fileEntryId: input.file_entry_id, ownerId });
  if (!path) throw invalidInput({ file_entry_id: [APPEARANCE_IMAGE_MESSAGES.notYours] });
  try {
    const stored = await deps.storage.get(path);
    if (!stored) throw invalidInput({ file_entry_id: [APPEARANCE_IMAGE_MESSAGES.notYours] });
    const bytes = await readAll(stored.stream);
    return await encode(deps, bytes, input.purpose);
  } finally {
    // The upload's bytes were only the source: what the site serves is the copy made here.
    await deps.storage.delete(path).catch((err: unknown) => {
      deps.log.warn({ err, key: path }, 'could not remove an appearance upload');
    });
  }
}

async function encode(
  deps: Pick<Deps, 'storage'>,
  bytes: Buffer,
  purpose: AppearanceImagePurpose,
): Promise<{ url: string }> {
  const svg = isSvg(bytes) ? sanitizeSvg(bytes.toString('utf8')) : null;
  if (!svg) {
    const header = await readImageHeader(bytes);
    if (header?.tooManyPixels || !header?.format || !RASTER_IMAGE_FORMATS.has(header.format))
      throw invalidInput({ file_entry_id: [APPEARANCE_IMAGE_MESSAGES.notImage] });
  }
  const source = svg ? Buffer.from(svg) : bytes;
  const image = () => sharp(source, { limitInputPixels: MAX_PIXELS, density: svg ? 384 : undefined });
  try {
    if (purpose === 'favicon') {
      const id = name();
      for (const size of FAVICON_SIZES) {
        const png = await image()
          .resize(size, size, { fit: 'contain', background: { r: 0, g: 0, b: 0, alpha: 0 } })
          .png()
          .toBuffer();
        await deps.storage.put(`appearance/icons/${id}/${size}.png`, png, 'image/png');
      }
      return { url: deps.storage.publicUrl(`appearance/icons/${id}/32.png`) };
    }
    if (svg) {
      // Checked by rendering it once: an SVG that draws nothing readable is refused like junk.
      await image().png().toBuffer();
      const key = `appearance/${name()}.svg`;
      await deps.storage.put(key, Buffer.from(svg), 'image/svg+xml');
      return { url: deps.storage.publicUrl(key) };
    }
    // Logos keep their transparency (PNG); landing pictures are photographs (WebP).
    const side = purpose === 'logo' ? 1024 : 2400;
    const resized = image().rotate().resize(side, side, { fit: 'inside', withoutEnlargement: true });
    const [encoded, ext, type] =
      purpose === 'logo'
        ? [await resized.png().toBuffer(), 'png', 'image/png']
        : [await resized.webp({ quality: 82 }).toBuffer(), 'webp', 'image/webp'];
    const key = `appearance/${name()}.${ext}`;
    await deps.storage.put(key, encoded, type);
    return { url: deps.storage.publicUrl(key) };
  } catch (err) {
    if (err instanceof InvalidInputError) throw err;
    // Corrupt data behind a valid header, or an SVG that does not render.
    throw invalidInput({ file_entry_id: [APPEARANCE_IMAGE_MESSAGES.notImage] });
  }
}
