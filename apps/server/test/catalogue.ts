import { randomBytes } from 'node:crypto';
import { type CatalogueWriter, createAlbum, createArtist, createTrack } from '#src/modules/catalogue/index';

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

/**
 * An MP3 of exactly `size` bytes that decodes: MPEG-1 layer III frames of silence (128 kbit/s,
 * 44.1 kHz, 417 bytes each; a last partial frame is zeros). Uploads are audio only when they
 * decode, so a magic number followed by noise no longer passes.
 */
export function silentMp3(size: number): Buffer {
  const data = Buffer.alloc(size);
  for (let at = 0; at + 417 <= size; at += 417) data.set([0xff, 0xfb, 0x90, 0x64], at);
  return data;
}

/**
 * An MP3 upload of exactly `size` bytes: silent frames for its first 256 KB (the upload check
 * decodes the first second), then random bytes, so byte-for-byte checks of uploads still mean
 * something.
 */
export function mp3ThenNoise(size: number): Buffer {
  const data = randomBytes(size);
  silentMp3(Math.min(size, 256 * 1024)).copy(data, 0);
  return data;
}

/** `ID3` and a tag header, then text: an MP3 by its magic bytes that holds no audio. */
export function id3ThenText(): Buffer {
  return Buffer.concat([
    Buffer.from('ID3\x04\x00\x00\x00\x00\x00\x00', 'latin1'),
    Buffer.from('Dear listener, this is a letter and no song at all.\n'.repeat(200)),
  ]);
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
