import { createHash } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { audioFixtureDir, ffmpeg, ffmpegLoudness } from '#test/audio-fixtures';
import { MAX_EMBEDDED_PICTURE_BYTES } from './declared-sizes';
import { analyseAudioFile, IngestError, NOT_DECODED_REASON, WAVEFORM_PEAKS } from './index';

const DEMO_TRACK = new URL('../../../../assets/demo/audio/bole-nights-01.mp3', import.meta.url).pathname;
let fx: Awaited<ReturnType<typeof audioFixtureDir>>;
const f = (name: string) => fx.path(name);

/** `length` bytes of noise, the same on every run (SHA-256 in counter mode). */
function noise(length: number, seed: string): Buffer {
  const blocks: Buffer[] = [];
  for (let i = 0; i * 32 < length; i++) blocks.push(createHash('sha256').update(`${seed}:${i}`).digest());
  return Buffer.concat(blocks).subarray(0, length);
}

/** The IngestError `analyseAudioFile` throws for `file`. */
async function refusal(file: string): Promise<IngestError> {
  const err = await analyseAudioFile(file).then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(IngestError);
  return err as IngestError;
}

beforeAll(async () => {
  fx = await audioFixtureDir();
  const cover = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#2a6' } })
    .png()
    .toFile(f('cover.png'));
  expect(cover.width).toBe(1600);
  // A 1 kHz sine at −20 dBFS in both channels: −20 LUFS (the K-weighting adds 0.69 dB at 1 kHz,
  // which BS.1770's −0.691 offset takes back).
  const sine = ['-f', 'lavfi', '-i', 'aevalsrc=0.1*sin(2*PI*1000*t)|0.1*sin(2*PI*1000*t):s=44100:d=10'];
  await Promise.all([
    ffmpeg(...sine, f('sine.wav')),
    ffmpeg(...sine, f('sine.flac')),
    ffmpeg(...sine, '-c:a', 'libvorbis', f('sine.ogg')),
    ffmpeg(...sine, '-c:a', 'libopus', '-ar', '48000', f('sine.opus')),
    ffmpeg(...sine, '-c:a', 'aac', f('sine.m4a')),
    ffmpeg(...sine, '-c:a', 'libopus', '-ar', '48000', '-metadata', 'title=On the web', f('sine.webm')),
    ffmpeg(
      '-f',
      'lavfi',
      '-i',
      'anoisesrc=color=pink:duration=20:amplitude=0.3:seed=7',
      '-ar',
      '48000',
      '-ac',
      '2',
      f('pink.flac'),
    ),
    ffmpeg(
      ...['-f', 'lavfi', '-i', 'sine=frequency=440:duration=6', '-i', f('cover.png')],
      ...[
        '-map',
        '0',
        '-map',
        '1',
        '-c:a',
        'libmp3lame',
        '-b:a',
        '128k',
        '-c:v',
        'png',
        '-id3v2_version',
        '3',
      ],
      ...[
        '-metadata',
        'title=Blue Nile Rising',
        '-metadata',
        'artist=Addis Circuit',
        '-metadata',
        'album=Night Lines',
      ],
      ...['-metadata', 'album_artist=Various Artists', '-metadata', 'track=3/12', '-metadata', 'disc=2/2'],
      ...[
        '-metadata',
        'date=2019',
        '-metadata',
        'genre=Ethio-jazz;Soul',
        '-metadata',
        'REPLAYGAIN_TRACK_GAIN=-6.50 dB',
      ],
      ...['-metadata:s:v', 'comment=Cover (front)'],
      f('tagged.mp3'),
    ),
    ffmpeg(
      ...['-f', 'lavfi', '-i', 'sine=frequency=440:duration=3', '-ac', '1'],
      ...['-metadata', 'TITLE=Tizita', '-metadata', 'ARTIST=Mahmoud', '-metadata', 'TRACKNUMBER=7'],
      ...['-metadata', 'DISCNUMBER=1', '-metadata', 'GENRE=Traditional', '-metadata', 'DATE=1975-04-01'],
      f('tagged.flac'),
    ),
    ffmpeg(
      ...sine,
      '-c:a',
      'aac',
      '-metadata',
      'title=In a box',
      '-metadata',
      'artist=MP4 Artist',
      '-metadata',
      'track=4',
      f('tagged.m4a'),
    ),
  ]);
});
afterAll(() => fx?.cleanup());

describe('analyseAudioFile: formats, checksum, waveform', () => {
  it.each([
    ['sine.wav', 'wav', 'audio/wav'],
    ['sine.flac', 'flac', 'audio/flac'],
    ['sine.ogg', 'ogg', 'audio/ogg'],
    ['sine.opus', 'opus', 'audio/ogg'],
  ])('decodes %s and measures it', async (name, format, mime) => {
    const a = await analyseAudioFile(f(name));
    expect(a.format).toBe(format);
    expect(a.mime).toBe(mime);
    expect(a.durationMs).toBeGreaterThan(9_950);
    expect(a.durationMs).toBeLessThan(10_100);
    expect(a.channels).toBe(2);
    expect(a.sampleRate).toBe(format === 'opus' ? 48_000 : 44_100);
    expect(a.notDecodedReason).toBeNull();
    expect(a.loudness!.integratedLufs!).toBeGreaterThan(-20.3);
    expect(a.loudness!.integratedLufs!).toBeLessThan(-19.7);
    expect(a.loudness!.truePeakDb!).toBeGreaterThan(-20.3);
    expect(a.loudness!.truePeakDb!).toBeLessThan(-19.4);
    expect(a.waveform).toHaveLength(WAVEFORM_PEAKS);
    // 0.1 of full scale everywhere but the very edges (codec priming).
    expect(a.waveform!.slice(5, -5).every((p) => p >= 23 && p <= 28)).toBe(true);
  });

  it('hashes every byte: the checksum is the SHA-256 of the file', async () => {
    for (const name of ['sine.flac', 'tagged.mp3', 'sine.m4a']) {
      const expected = createHash('sha256')
        .update(await readFile(f(name)))
        .digest('hex');
      expect((await analyseAudioFile(f(name))).checksum).toBe(expected);
    }
  });

  it('reports progress up to 100', async () => {
    const seen: number[] = [];
    await analyseAudioFile(f('sine.wav'), { onProgress: (p) => seen.push(p) });
    expect(seen.at(-1)).toBe(100);
    expect(seen.length).toBeGreaterThan(2);
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    expect(new Set(seen).size).toBe(seen.length);
  });

  it('keeps tags and duration of a format it does not decode, with the reason', async () => {
    const a = await analyseAudioFile(f('tagged.m4a'));
    expect(a.format).toBe('m4a');
    expect(a.mime).toBe('audio/mp4');
    expect(a.durationMs).toBeGreaterThan(9_900);
    expect(a.durationMs).toBeLessThan(10_200);
    expect(a.tags).toMatchObject({ title: 'In a box', artists: ['MP4 Artist'], trackNumber: 4 });
    expect(a.waveform).toBeNull();
    expect(a.loudness).toBeNull();
    expect(a.notDecodedReason).toBe(NOT_DECODED_REASON);
  });

  it('accepts WebM by its bytes, undecoded, with its tags', async () => {
    const a = await analyseAudioFile(f('sine.webm'));
    expect(a).toMatchObject({ format: 'webm', mime: 'audio/webm', waveform: null, loudness: null });
    expect(a.tags.title).toBe('On the web');
    expect(a.durationMs).toBeGreaterThan(9_900);
    expect(a.durationMs).toBeLessThan(10_200);
  });
});

describe('analyseAudioFile: tags and cover', () => {
  it('reads ID3 tags, track and disc numbers, genres, ReplayGain and the cover', async () => {
    const a = await analyseAudioFile(f('tagged.mp3'));
    expect(a.format).toBe('mp3');
    expect(a.bitrate).toBe(128);
    expect(a.durationMs).toBeGreaterThan(5_900);
    expect(a.durationMs).toBeLessThan(6_100);
    expect(a.tags).toEqual({
      title: 'Blue Nile Rising',
      artists: ['Addis Circuit'],
      album: 'Night Lines',
      albumArtist: 'Various Artists',
      trackNumber: 3,
      discNumber: 2,
      year: 2019,
      // A bare year is no day.
      date: null,
      genres: ['Ethio-jazz', 'Soul'],
      replayGainDb: -6.5,
    });
    expect(a.cover?.mime).toBe('image/webp');
    const cover = await sharp(a.cover!.data).metadata();
    expect(cover.format).toBe('webp');
    // Re-encoded and fitted in 1000×1000.
    expect([cover.width, cover.height]).toEqual([1000, 750]);
  });

  it('reads Vorbis comments from FLAC, and a mono file as one channel', async () => {
    const a = await analyseAudioFile(f('tagged.flac'));
    expect(a.tags).toEqual({
      title: 'Tizita',
      artists: ['Mahmoud'],
      album: null,
      albumArtist: null,
      trackNumber: 7,
      discNumber: 1,
      year: 1975,
      date: '1975-04-01',
      genres: ['Traditional'],
      replayGainDb: null,
    });
    expect(a.channels).toBe(1);
    expect(a.cover).toBeNull();
  });
});

describe('analyseAudioFile: loudness next to ffmpeg’s ebur128 meter', () => {
  it.each([
    ['a −20 dBFS sine (WAV)', 'sine.wav'],
    ['pink noise (FLAC, 48 kHz)', 'pink.flac'],
    ['a demo track (mono MP3)', DEMO_TRACK],
  ])('agrees within 0.5 LU / 0.5 dB on %s', async (_label, name) => {
    const file = name.startsWith('/') ? name : f(name);
    const [ours, reference] = await Promise.all([analyseAudioFile(file), ffmpegLoudness(file)]);
    expect(Math.abs(ours.loudness!.integratedLufs! - reference.integrated)).toBeLessThanOrEqual(0.5);
    expect(Math.abs(ours.loudness!.truePeakDb! - reference.truePeak)).toBeLessThanOrEqual(0.5);
  });
});

describe('analyseAudioFile: refusals', () => {
  it('refuses a WebM element declaring a gigabyte', async () => {
    const real = await readFile(f('sine.webm'));
    // The EBML header element: a 4-byte id, then its size as a variable-length integer.
    const sizeLength = Math.clz32(real[4]!) - 23;
    let headerSize = real[4]! & (0xff >> sizeLength);
    for (let i = 1; i < sizeLength; i++) headerSize = headerSize * 256 + real[4 + i]!;
    const headerEnd = 4 + sizeLength + headerSize;
    // A Void element (0xEC) with an 8-byte size of 1 GB, right after the header.
    const voidElement = Buffer.from([0xec, 0x01, 0, 0, 0, 0x40, 0, 0, 0]);
    await writeFile(
      f('huge-element.webm'),
      Buffer.concat([real.subarray(0, headerEnd), voidElement, real.subarray(headerEnd)]),
    );
    expect((await refusal(f('huge-element.webm'))).message).toMatch(/WebM element larger than the file/);
  });

  it('refuses an empty file', async () => {
    await writeFile(f('empty.mp3'), Buffer.alloc(0));
    expect((await refusal(f('empty.mp3'))).code).toBe('empty');
  });

  it('refuses a file that is not audio, whatever its name', async () => {
    await writeFile(f('picture.mp3'), await readFile(f('cover.png')));
    await writeFile(f('text.mp3'), 'Not audio at all, just words in a file named like a song.\n'.repeat(100));
    for (const name of ['picture.mp3', 'text.mp3']) {
      const err = await refusal(f(name));
      expect(err.code).toBe('not_audio');
      expect(err.message).toMatch(/not audio/);
    }
  });

  it('refuses an MP3 whose frames after the first are garbage', async () => {
    const real = await readFile(f('tagged.mp3'));
    // Keep the ID3 tag and the first frames (the header the sniffer and the parser see), then noise.
    const keep = real.indexOf(Buffer.from([0xff, 0xfb])) + 1200;
    await writeFile(
      f('garbage.mp3'),
      Buffer.concat([real.subarray(0, keep), noise(real.length - keep, 'garbage')]),
    );
    const err = await refusal(f('garbage.mp3'));
    expect(err.code).toBe('undecodable');
  });

  it('refuses an ID3 header followed by noise', async () => {
    await writeFile(
      f('noise.mp3'),
      Buffer.concat([Buffer.from('ID3\x03\x00\x00\x00\x00\x00\x00', 'latin1'), noise(200_000, 'id3')]),
    );
    expect((await refusal(f('noise.mp3'))).code).toBe('undecodable');
  });

  it('stops reading a large file of noise early instead of decoding it to the end', async () => {
    const header = Buffer.from('ID3\x03\x00\x00\x00\x00\x00\x00', 'latin1');
    await writeFile(f('noise-large.mp3'), Buffer.concat([header, noise(4 * 1024 * 1024, 'large')]));
    const seen: number[] = [];
    const err = await analyseAudioFile(f('noise-large.mp3'), { onProgress: (p) => seen.push(p) }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(IngestError);
    expect((err as IngestError).message).toMatch(/too many of its frames are damaged/);
    expect(Math.max(...seen)).toBeLessThan(50);
  });

  it('refuses an ID3 tag declaring far more than the file holds, without reading it', async () => {
    // Syncsafe 0x7f7f7f7f: a 256 MB tag in a 2 KB file.
    const header = Buffer.from([0x49, 0x44, 0x33, 3, 0, 0, 0x7f, 0x7f, 0x7f, 0x7f]);
    await writeFile(f('huge-tag.mp3'), Buffer.concat([header, noise(2048, 'tag')]));
    const before = process.memoryUsage().rss;
    const err = await refusal(f('huge-tag.mp3'));
    expect(err.code).toBe('declared_size');
    expect(err.message).toMatch(/ID3 tag larger than the file/);
    expect(process.memoryUsage().rss - before).toBeLessThan(32 * 1024 * 1024);
  });

  it('refuses an ID3 picture frame of 500 MB declared inside a tag of plausible size', async () => {
    const frame = Buffer.alloc(10);
    frame.write('APIC', 0, 'latin1');
    frame.writeUInt32BE(500 * 1024 * 1024, 4);
    const tagSize = 4096;
    const syncsafe = [(tagSize >> 21) & 0x7f, (tagSize >> 14) & 0x7f, (tagSize >> 7) & 0x7f, tagSize & 0x7f];
    const header = Buffer.from([0x49, 0x44, 0x33, 3, 0, 0, ...syncsafe]);
    const body = Buffer.concat([frame, Buffer.alloc(tagSize - frame.length)]);
    const audio = await readFile(f('tagged.mp3'));
    await writeFile(
      f('huge-frame.mp3'),
      Buffer.concat([header, body, audio.subarray(audio.indexOf(Buffer.from([0xff, 0xfb])))]),
    );
    expect((await refusal(f('huge-frame.mp3'))).message).toMatch(/ID3 frame \(APIC\) larger than the file/);
  });

  it(`refuses a real picture above ${MAX_EMBEDDED_PICTURE_BYTES / 1024 / 1024} MB`, async () => {
    const pictureSize = MAX_EMBEDDED_PICTURE_BYTES + 1024;
    const frame = Buffer.alloc(10);
    frame.write('APIC', 0, 'latin1');
    frame.writeUInt32BE(pictureSize, 4);
    const tagSize = 10 + pictureSize;
    const syncsafe = [(tagSize >> 21) & 0x7f, (tagSize >> 14) & 0x7f, (tagSize >> 7) & 0x7f, tagSize & 0x7f];
    const header = Buffer.from([0x49, 0x44, 0x33, 3, 0, 0, ...syncsafe]);
    const audio = await readFile(f('tagged.mp3'));
    const mpeg = audio.subarray(audio.indexOf(Buffer.from([0xff, 0xfb])));
    await writeFile(f('big-picture.mp3'), Buffer.concat([header, frame, Buffer.alloc(pictureSize), mpeg]));
    expect((await refusal(f('big-picture.mp3'))).message).toMatch(/embedded picture larger than 16 MB/);
  });

  it('refuses a FLAC picture block declaring more than the file holds', async () => {
    const real = await readFile(f('tagged.flac'));
    // fLaC, then a PICTURE block header (type 6) claiming 16 MB − 1, inserted first.
    const block = Buffer.from([6, 0xff, 0xff, 0xff]);
    await writeFile(f('huge-picture.flac'), Buffer.concat([real.subarray(0, 4), block, real.subarray(4)]));
    expect((await refusal(f('huge-picture.flac'))).message).toMatch(
      /FLAC metadata block larger than the file/,
    );
  });

  it('refuses a WAV with a LIST chunk declaring a gigabyte', async () => {
    const real = await readFile(f('sine.wav'));
    const list = Buffer.alloc(8);
    list.write('LIST', 0, 'latin1');
    list.writeUInt32LE(1024 * 1024 * 1024, 4);
    await writeFile(f('huge-list.wav'), Buffer.concat([real.subarray(0, 12), list, real.subarray(12)]));
    expect((await refusal(f('huge-list.wav'))).message).toMatch(/RIFF chunk \(LIST\) larger than the file/);
  });

  it('refuses an MP4 whose box declares more than the file holds', async () => {
    const real = await readFile(f('sine.m4a'));
    const ftypLength = real.readUInt32BE(0);
    const box = Buffer.alloc(16);
    box.writeUInt32BE(0x7fffffff, 0);
    box.write('free', 4, 'latin1');
    await writeFile(
      f('huge-box.m4a'),
      Buffer.concat([real.subarray(0, ftypLength), box, real.subarray(ftypLength)]),
    );
    expect((await refusal(f('huge-box.m4a'))).message).toMatch(/MP4 box \(free\) larger than the file/);
  });
});
