/**
 * Checks the sizes a file's metadata declares against the file's real size before any parser
 * trusts them: a tag parser allocates what a header announces, so an ID3 tag or a FLAC/MP4/RIFF
 * block claiming a gigabyte (or a 500 MB picture) in a small file would exhaust memory. Only the
 * headers are read, at their offsets, never the blocks themselves.
 */

import type { FileHandle } from 'node:fs/promises';
import { msg } from '@zema/contracts';
import type { AudioFormat } from '#src/lib/audio';

/** Largest embedded picture accepted (the stored cover is re-encoded to at most 1000×1000). */
export const MAX_EMBEDDED_PICTURE_BYTES = 16 * 1024 * 1024;
/** Headers walked at most per file: a real one has tens, a crafted one could list millions. */
const MAX_HEADERS = 10_000;

export class DeclaredSizeError extends Error {}

async function readAt(file: FileHandle, position: number, length: number): Promise<Buffer> {
  const buf = Buffer.alloc(length);
  const { bytesRead } = await file.read(buf, 0, length, position);
  return buf.subarray(0, bytesRead);
}

const syncsafe = (b: Buffer, at: number) =>
  ((b[at]! & 0x7f) << 21) | ((b[at + 1]! & 0x7f) << 14) | ((b[at + 2]! & 0x7f) << 7) | (b[at + 3]! & 0x7f);

const tooLarge = (what: string) =>
  new DeclaredSizeError(`The file declares ${what} larger than the file itself.`);
const pictureTooLarge = () =>
  new DeclaredSizeError(
    `The file declares an embedded picture larger than ${MAX_EMBEDDED_PICTURE_BYTES / 1024 / 1024} MB.`,
  );

/** Walks an ID3v2 tag at `start`; returns where it ends (or `start` when there is none). */
async function checkId3(file: FileHandle, start: number, size: number): Promise<number> {
  const header = await readAt(file, start, 10);
  if (header.length < 10 || header.toString('latin1', 0, 3) !== 'ID3') return start;
  const major = header[3]!;
  const tagSize = syncsafe(header, 6);
  const end = start + 10 + tagSize;
  if (end > size) throw tooLarge('an ID3 tag');
  let pos = start + 10;
  if (major >= 3 && header[5]! & 0x40) {
    // Extended header: its size is syncsafe in v2.4 (and counts itself), plain in v2.3 (and does not).
    const ext = await readAt(file, pos, 4);
    pos += major === 4 ? syncsafe(ext, 0) : ext.readUInt32BE(0) + 4;
  }
  const frameHeader = major === 2 ? 6 : 10;
  for (let n = 0; n < MAX_HEADERS && pos + frameHeader <= end; n++) {
    const fh = await readAt(file, pos, frameHeader);
    if (fh.length < frameHeader || fh[0] === 0) break; // padding
    const id = fh.toString('latin1', 0, major === 2 ? 3 : 4);
    const frameSize = major === 2 ? fh.readUIntBE(3, 3) : major === 4 ? syncsafe(fh, 4) : fh.readUInt32BE(4);
    if (pos + frameHeader + frameSize > end) throw tooLarge(`an ID3 frame (${id})`);
    if ((id === 'APIC' || id === 'PIC') && frameSize > MAX_EMBEDDED_PICTURE_BYTES) throw pictureTooLarge();
    pos += frameHeader + frameSize;
  }
  return end;
}

async function checkFlac(file: FileHandle, start: number, size: number): Promise<void> {
  let pos = start + 4;
  for (let n = 0; n < MAX_HEADERS; n++) {
    const h = await readAt(file, pos, 4);
    if (h.length < 4) throw tooLarge('a FLAC metadata block');
    const last = (h[0]! & 0x80) !== 0;
    const type = h[0]! & 0x7f;
    const length = h.readUIntBE(1, 3);
    if (pos + 4 + length > size) throw tooLarge('a FLAC metadata block');
    if (type === 6 && length > MAX_EMBEDDED_PICTURE_BYTES) throw pictureTooLarge();
    pos += 4 + length;
    if (last) return;
  }
}

async function checkRiff(file: FileHandle, size: number): Promise<void> {
  let pos = 12;
  for (let n = 0; n < MAX_HEADERS && pos + 8 <= size; n++) {
    const h = await readAt(file, pos, 8);
    if (h.length < 8) return;
    const id = h.toString('latin1', 0, 4);
    const length = h.readUInt32LE(4);
    // The audio itself may be cut short or written by a streaming encoder with an unknown size.
    if (id === 'data') return;
    if (pos + 8 + length > size) throw tooLarge(`a RIFF chunk (${id.trim()})`);
    if ((id === 'id3 ' || id === 'ID3 ') && length >= 10) await checkId3(file, pos + 8, pos + 8 + length);
    pos += 8 + length + (length & 1);
  }
}

/** MP4 boxes that hold other boxes (where the tags and the cover live). */
const MP4_CONTAINERS = new Set(['moov', 'udta', 'meta', 'ilst', 'trak', 'mdia', 'minf', 'stbl', 'covr']);

async function checkMp4(file: FileHandle, start: number, end: number, depth: number, count: { n: number }) {
  let pos = start;
  while (pos + 8 <= end) {
    if (++count.n > MAX_HEADERS) return;
    const h = await readAt(file, pos, 16);
    if (h.length < 8) return;
    let length = h.readUInt32BE(0);
    const type = h.toString('latin1', 4, 8);
    let headerLength = 8;
    if (length === 1) {
      if (h.length < 16) throw tooLarge('an MP4 box');
      length = Number(h.readBigUInt64BE(8));
      headerLength = 16;
    } else if (length === 0) {
      length = end - pos; // to the end of its parent
    }
    if (length < headerLength || pos + length > end) throw tooLarge(`an MP4 box (${type})`);
    if (type === 'data' && depth > 0 && length > MAX_EMBEDDED_PICTURE_BYTES) throw pictureTooLarge();
    if (MP4_CONTAINERS.has(type) && depth < 8) {
      let childStart = pos + headerLength;
      if (type === 'meta') {
        // ISO `meta` is a full box (four bytes of version and flags before its children); some
        // QuickTime writers leave them out, so look for where its first child, `hdlr`, starts.
        const peek = await readAt(file, childStart, 12);
        if (peek.toString('latin1', 4, 8) !== 'hdlr') childStart += 4;
      }
      await checkMp4(file, childStart, pos + length, depth + 1, count);
    }
    pos += length;
  }
}

/** EBML (WebM) masters walked into: where tags and attachments (covers) live. */
const EBML_MASTERS = new Set([
  0x18538067, // Segment
  0x1254c367, // Tags
  0x7373, // Tag
  0x1941a469, // Attachments
  0x61a7, // AttachedFile
]);
const EBML_FILE_DATA = 0x465c;
/** Elements a streaming writer may leave with an unknown size (all ones): to the parent's end. */
const EBML_UNKNOWN_SIZE_OK = new Set([0x18538067, 0x1f43b675 /* Cluster */]);

/** An EBML variable-length integer at `at`: its length in bytes and value (null = unknown size). */
function readVint(
  buf: Buffer,
  at: number,
  keepMarker: boolean,
): { length: number; value: number | null } | null {
  const first = buf[at];
  if (first === undefined || first === 0) return null;
  const length = Math.clz32(first) - 23;
  if (at + length > buf.length) return null;
  let value = keepMarker ? first : first & (0xff >> length);
  let allOnes = value === 0xff >> length;
  for (let i = 1; i < length; i++) {
    value = value * 256 + buf[at + i]!;
    if (buf[at + i] !== 0xff) allOnes = false;
  }
  return { length, value: !keepMarker && allOnes ? null : value };
}

async function checkEbml(file: FileHandle, start: number, end: number, depth: number, count: { n: number }) {
  let pos = start;
  while (pos < end) {
    if (++count.n > MAX_HEADERS) return;
    const h = await readAt(file, pos, 12);
    const id = readVint(h, 0, true);
    if (!id || id.length > 4) throw new DeclaredSizeError(msg('The file has a damaged WebM element header.'));
    const size = readVint(h, id.length, false);
    if (!size) throw new DeclaredSizeError(msg('The file has a damaged WebM element header.'));
    const dataStart = pos + id.length + size.length;
    let dataEnd: number;
    if (size.value === null) {
      if (!EBML_UNKNOWN_SIZE_OK.has(id.value!))
        throw new DeclaredSizeError(msg('The file has a WebM element of unknown size.'));
      dataEnd = end;
    } else {
      dataEnd = dataStart + size.value;
      if (dataEnd > end) throw tooLarge('a WebM element');
    }
    if (id.value === EBML_FILE_DATA && dataEnd - dataStart > MAX_EMBEDDED_PICTURE_BYTES)
      throw pictureTooLarge();
    if (EBML_MASTERS.has(id.value!) && depth < 6) await checkEbml(file, dataStart, dataEnd, depth + 1, count);
    // An unknown-size Cluster runs to the next top-level element: nothing more to check here.
    if (size.value === null && id.value !== 0x18538067) return;
    pos = dataEnd;
  }
}

/**
 * Refuses (DeclaredSizeError) a file whose tag or container headers declare more bytes than the
 * file holds, or an embedded picture above MAX_EMBEDDED_PICTURE_BYTES.
 */
export async function checkDeclaredSizes(file: FileHandle, format: AudioFormat, size: number): Promise<void> {
  // Any format may be preceded by an ID3v2 tag (MP3 always, FLAC sometimes).
  const afterId3 = await checkId3(file, 0, size);
  switch (format) {
    case 'flac': {
      const magic = await readAt(file, afterId3, 4);
      if (magic.toString('latin1') === 'fLaC') await checkFlac(file, afterId3, size);
      return;
    }
    case 'wav':
      return checkRiff(file, size);
    case 'm4a':
      return checkMp4(file, 0, size, 0, { n: 0 });
    case 'webm':
      return checkEbml(file, 0, size, 0, { n: 0 });
    default:
      return;
  }
}
