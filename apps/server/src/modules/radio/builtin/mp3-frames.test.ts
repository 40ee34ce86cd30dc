import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { icyMetadataBlock, icyTitle } from './icy';
import { parseMp3, readFrameHeader, silentFrame } from './mp3-frames';

const run = promisify(execFile);
const DEMO_TRACK = new URL('../../../../assets/demo/audio/bole-nights-01.mp3', import.meta.url).pathname;

/** ffmpeg's decoder on `mp3`: its complaints (empty when every frame decodes). */
async function decodeErrors(mp3: Buffer): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = execFile(
      'ffmpeg',
      ['-hide_banner', '-nostdin', '-v', 'error', '-f', 'mp3', '-i', 'pipe:0', '-f', 'null', '-'],
      (err, _stdout, stderr) => (err && !stderr ? reject(err) : resolve(stderr.trim())),
    );
    child.stdin!.end(mp3);
  });
}

describe('MP3 frames', () => {
  it('splits a stored MP3 into the frames ffprobe counts, without its tags and Info frame', async () => {
    const file = await readFile(DEMO_TRACK);
    const audio = parseMp3(file);
    const { stdout } = await run('ffprobe', [
      ...['-v', 'error', '-select_streams', 'a', '-show_entries', 'packet=pos', '-of', 'csv=p=0'],
      DEMO_TRACK,
    ]);
    // One line per packet: its byte position (a packet with side data adds a comma and a blank line).
    const positions = stdout.split('\n').flatMap((l) => (/^\d+/.test(l) ? [Number.parseInt(l, 10)] : []));
    expect(audio.count).toBe(positions.length);
    expect(audio.data.byteOffset - file.byteOffset).toBe(positions[0]);
    expect(audio.sampleRate).toBe(22050);
    expect(audio.channels).toBe(1);
    expect(audio.times[audio.count]).toBeCloseTo(audio.count * (576_000 / 22050), 6);
    for (let i = 0; i < audio.count; i++) {
      expect(readFrameHeader(audio.data, audio.offsets[i]!)?.length).toBe(
        audio.offsets[i + 1]! - audio.offsets[i]!,
      );
    }
  });

  it('resynchronises over junk, drops a cut last frame and ID3v1/APE tags, and copies only then', async () => {
    const audio = parseMp3(await readFile(DEMO_TRACK));
    const frames = (from: number, to: number) => audio.data.subarray(audio.offsets[from], audio.offsets[to]);
    // Junk that contains a lone sync word: it must not be taken for a frame.
    const junk = Buffer.from([0x00, 0xff, 0xf3, 0x40, 0xc4, 0x12, 0x34, 0xff, 0x00]);
    const id3v1 = Buffer.concat([Buffer.from('TAG'), Buffer.alloc(125, 0x41)]);
    const ape = Buffer.concat([Buffer.from('APETAGEX'), Buffer.alloc(24, 0xff)]);
    const clean = Buffer.concat([frames(0, 10), frames(10, 20)]);
    const messy = Buffer.concat([frames(0, 10), junk, frames(10, 20), ape, id3v1]);
    const parsed = parseMp3(messy);
    expect(parsed.count).toBe(20);
    expect(parsed.data.equals(clean)).toBe(true);

    const cutFile = Buffer.concat([frames(0, 5), frames(5, 6).subarray(0, 50)]);
    const cut = parseMp3(cutFile);
    expect(cut.count).toBe(5);
    expect(cut.data.buffer).toBe(cutFile.buffer); // contiguous: a view, no copy

    expect(() => parseMp3(Buffer.from('not audio at all, not even close'))).toThrow('No MP3 frames');
    // A few frames inside something else (a FLAC file, say) are not an MP3.
    const flac = Buffer.concat([
      Buffer.from('fLaC'),
      Buffer.alloc(50_000, 0x55),
      frames(0, 3),
      Buffer.alloc(50_000),
    ]);
    expect(() => parseMp3(flac)).toThrow('mostly other data');
  });

  it('makes silent frames of the same format that decode cleanly between real ones', async () => {
    const audio = parseMp3(await readFile(DEMO_TRACK));
    const silence = silentFrame(audio);
    const header = readFrameHeader(silence, 0)!;
    expect(header.sampleRate).toBe(22050);
    expect(header.channels).toBe(1);
    expect(header.length).toBe(silence.length);
    const mixed = Buffer.concat([
      audio.data.subarray(0, audio.offsets[40]),
      ...Array<Buffer>(40).fill(silence),
      audio.data.subarray(audio.offsets[40], audio.offsets[80]),
    ]);
    expect(parseMp3(mixed).count).toBe(120);
    expect(await decodeErrors(mixed)).toBe('');
  });
});

describe('ICY metadata blocks', () => {
  it('says `Artist - Title` in 16-byte blocks, with no bare apostrophe and at most 255 blocks', () => {
    const block = icyMetadataBlock(icyTitle({ artist: "Mulatu's Band", title: 'Yègellé Tezeta' }));
    expect((block.length - 1) % 16).toBe(0);
    expect(block[0]).toBe((block.length - 1) / 16);
    const text = block.subarray(1).toString('utf8').replace(/\0+$/, '');
    expect(text).toBe("StreamTitle='Mulatu\u2019s Band - Yègellé Tezeta';");
    expect(icyTitle({ artist: null, title: 'Alone' })).toBe('Alone');

    const long = icyMetadataBlock('ሀ'.repeat(3000)); // 3 bytes each in UTF-8
    expect(long[0]).toBe(255);
    const longText = long.subarray(1).toString('utf8').replace(/\0+$/, '');
    expect(longText).toMatch(/^StreamTitle='ሀ+';$/);
  });
});
