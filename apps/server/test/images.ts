import { crc32 } from 'node:zlib';
import sharp from 'sharp';

/**
 * A PNG whose header claims `width` × `height` pixels around a one-pixel image: what a decoding
 * bomb looks like to a header check, in a few hundred bytes (a real picture that large would take
 * hundreds of MB to make in a test).
 */
export async function pngClaiming(width: number, height: number): Promise<Buffer> {
  const png = Buffer.from(
    await sharp({ create: { width: 1, height: 1, channels: 3, background: '#fff' } })
      .png()
      .toBuffer(),
  );
  // The IHDR chunk follows the 8-byte signature: length, type, 13 bytes of data, CRC.
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)) >>> 0, 29);
  return png;
}
