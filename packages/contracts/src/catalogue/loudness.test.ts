import { describe, expect, it } from 'vitest';
import { gainFactor, gainForTrack } from './loudness';

describe('gainForTrack', () => {
  it('turns a loud master down to the target', () => {
    expect(gainForTrack(-8, -0.1)).toBe(-6);
  });

  it('boosts a quiet track when its peak has room', () => {
    expect(gainForTrack(-20, -10)).toBe(6);
  });

  it('holds a boost back so the true peak stays at −1 dBTP', () => {
    // +6 dB wanted, but the peak at −3 dBTP leaves 2 dB.
    expect(gainForTrack(-20, -3)).toBe(2);
  });

  it('cuts a track whose peak is above the ceiling even at the target loudness', () => {
    expect(gainForTrack(-14, 0.5)).toBe(-1.5);
  });

  it('takes another target', () => {
    expect(gainForTrack(-20, -10, -16)).toBe(4);
  });

  it('leaves unknown or silent tracks alone', () => {
    expect(gainForTrack(null, -3)).toBe(0);
    expect(gainForTrack(undefined, undefined)).toBe(0);
    expect(gainForTrack(Number.NEGATIVE_INFINITY, null)).toBe(0);
  });

  it('boosts fully when the peak is unknown', () => {
    expect(gainForTrack(-18, null)).toBe(4);
  });
});

describe('gainFactor', () => {
  it('converts dB to a linear factor', () => {
    expect(gainFactor(0)).toBe(1);
    expect(gainFactor(-6)).toBeCloseTo(0.501, 3);
    expect(gainFactor(20)).toBeCloseTo(10, 6);
  });
});
