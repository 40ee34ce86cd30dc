import { describe, expect, it } from 'vitest';
import { randomBytesPooled } from './random';

describe('randomBytesPooled', () => {
  it('hands out each byte once: no two tokens alike across many pool refills', () => {
    const seen = new Set<string>();
    // 30 bytes × 2000 = 60 000 bytes, about 15 fills of the 4 KB pool.
    for (let i = 0; i < 2000; i++) seen.add(randomBytesPooled(30).toString('hex'));
    expect(seen.size).toBe(2000);
  });

  it('answers copies of the requested length, also past the pool size', () => {
    const a = randomBytesPooled(16);
    const kept = Buffer.from(a);
    for (let i = 0; i < 300; i++) randomBytesPooled(16);
    expect(a).toEqual(kept);
    expect(randomBytesPooled(0)).toHaveLength(0);
    const big = randomBytesPooled(10_000);
    expect(big).toHaveLength(10_000);
    expect(new Set(big).size).toBeGreaterThan(200);
  });
});
