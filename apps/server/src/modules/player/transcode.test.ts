import { describe, expect, it } from 'vitest';
import { planTranscode } from './transcode';

describe('planTranscode', () => {
  const mp3at320 = { format: 'mp3', bitrate: 320 };
  it('sends the stored file when nothing is asked, raw is asked, or it fits already', () => {
    expect(planTranscode(mp3at320, { maxBitRate: 0 })).toBeNull();
    expect(planTranscode(mp3at320, { format: 'raw', maxBitRate: 96 })).toBeNull();
    expect(planTranscode(mp3at320, { format: 'mp3', maxBitRate: 320 })).toBeNull();
    expect(planTranscode({ format: 'mp3', bitrate: 32 }, { maxBitRate: 64 })).toBeNull();
  });
  it('lowers the bitrate in the same codec family (MP3 unless a format is named)', () => {
    expect(planTranscode(mp3at320, { maxBitRate: 96 })).toEqual({ format: 'mp3', kbps: 96 });
    expect(planTranscode({ format: 'flac', bitrate: 900 }, { maxBitRate: 128 })).toEqual({
      format: 'mp3',
      kbps: 128,
    });
  });
  it('changes the format, at the default bitrate or the limit, never above the source', () => {
    expect(planTranscode(mp3at320, { format: 'opus', maxBitRate: 0 })).toEqual({ format: 'opus', kbps: 96 });
    expect(planTranscode(mp3at320, { format: 'aac', maxBitRate: 64 })).toEqual({ format: 'aac', kbps: 64 });
    expect(planTranscode({ format: 'mp3', bitrate: 32 }, { format: 'opus', maxBitRate: 96 })).toEqual({
      format: 'opus',
      kbps: 32,
    });
  });
  it('keeps the bitrate within 32–320 kbps and ignores an unknown format', () => {
    expect(planTranscode(mp3at320, { maxBitRate: 8 })).toEqual({ format: 'mp3', kbps: 32 });
    expect(planTranscode(mp3at320, { format: 'wma', maxBitRate: 0 })).toBeNull();
  });
});
