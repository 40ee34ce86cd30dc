/**
 * SHOUTcast/Icecast in-stream metadata ("ICY"), for players that ask with `Icy-MetaData: 1`:
 * after every `icy-metaint` audio bytes comes one length byte L, then 16·L bytes of
 * `StreamTitle='…';` padded with NULs (L = 0: the title is unchanged).
 */

/** L is one byte: at most 255 × 16 bytes of metadata. */
const MAX_METADATA = 255 * 16;

/** The block that says "no change": a length byte of 0. */
export const UNCHANGED_METADATA = Buffer.from([0]);

/** What a player shows: `Artist - Title`, or the title alone. */
export function icyTitle(song: { title: string; artist: string | null }): string {
  return song.artist ? `${song.artist} - ${song.title}` : song.title;
}

/**
 * The metadata block (length byte included) that sets the title to `title`. Players find the end
 * of the value by `';`, and there is no escape: an apostrophe becomes a typographic one and control
 * characters become spaces. UTF-8, as current players read it; cut on a character boundary.
 */
export function icyMetadataBlock(title: string): Buffer {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it removes
  const clean = title.replace(/'/g, '\u2019').replace(/[\u0000-\u001f\u007f]/g, ' ');
  const head = Buffer.from("StreamTitle='", 'latin1');
  const tail = Buffer.from("';", 'latin1');
  let text = Buffer.from(clean, 'utf8');
  const room = MAX_METADATA - head.length - tail.length;
  if (text.length > room) {
    let end = room;
    // Back up over UTF-8 continuation bytes (10xxxxxx) so no character is cut in half.
    while (end > 0 && (text[end]! & 0xc0) === 0x80) end--;
    text = text.subarray(0, end);
  }
  const size = head.length + text.length + tail.length;
  const blocks = Math.ceil(size / 16);
  const block = Buffer.alloc(1 + blocks * 16);
  block[0] = blocks;
  head.copy(block, 1);
  text.copy(block, 1 + head.length);
  tail.copy(block, 1 + head.length + text.length);
  return block;
}
