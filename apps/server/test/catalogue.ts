import {
  type CatalogueWriter,
  createAlbum,
  createArtist,
  createTrack,
} from '#src/domain/music/catalogue.writes';

/**
 * A valid PCM WAV file of `seconds` length (8 kHz, 8-bit mono: 8000 bytes a second), filled with a
 * byte pattern so range reads can be checked byte for byte.
 */
export function makeWav(seconds: number, sampleRate = 8000): Buffer {
  const dataLength = Math.round(seconds * sampleRate);
  const buf = Buffer.alloc(44 + dataLength);
  buf.write('RIFF', 0, 'latin1');
  buf.writeUInt32LE(36 + dataLength, 4);
  buf.write('WAVE', 8, 'latin1');
  buf.write('fmt ', 12, 'latin1');
  buf.writeUInt32LE(16, 16);
  buf.writeUInt16LE(1, 20); // PCM
  buf.writeUInt16LE(1, 22); // mono
  buf.writeUInt32LE(sampleRate, 24);
  buf.writeUInt32LE(sampleRate, 28); // byte rate
  buf.writeUInt16LE(1, 32); // block align
  buf.writeUInt16LE(8, 34); // bits per sample
  buf.write('data', 36, 'latin1');
  buf.writeUInt32LE(dataLength, 40);
  for (let i = 0; i < dataLength; i++) buf[44 + i] = i % 251;
  return buf;
}

/** An artist with one album of `trackCount` tracks (no audio), for tests of other features. */
export async function seedSmallCatalogue(db: CatalogueWriter, name = 'Fixture', trackCount = 3) {
  const artistId = await createArtist(db, { name: `${name} Artist`, genres: [`${name} genre`] });
  const albumId = await createAlbum(db, {
    name: `${name} Album`,
    artist_ids: [artistId],
    release_date: '2021-05-01',
  });
  const trackIds: number[] = [];
  for (let i = 1; i <= trackCount; i++) {
    trackIds.push(
      await createTrack(db, {
        name: `${name} Track ${i}`,
        album_id: albumId,
        number: i,
        duration_ms: 60_000,
        artist_ids: [artistId],
      }),
    );
  }
  return { artistId, albumId, trackIds };
}
