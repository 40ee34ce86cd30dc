import { type ALBUM_TYPES, msg } from '@zema/contracts';

/** How an album's type reads (the album page's kind, the cards, the catalogue manager). */
export const ALBUM_TYPE_LABELS: Record<(typeof ALBUM_TYPES)[number], string> = {
  album: msg('Album'),
  single: msg('Single'),
  ep: msg('EP'),
  compilation: msg('Compilation'),
};
