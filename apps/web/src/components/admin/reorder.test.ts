import { describe, expect, it } from 'vitest';
import { reorderIds, stepIds } from './reorder';

describe('reorderIds', () => {
  it('puts the moved ids before or after the target', () => {
    expect(reorderIds([1, 2, 3, 4], [4], 2, 'before')).toEqual([1, 4, 2, 3]);
    expect(reorderIds([1, 2, 3, 4], [1], 3, 'after')).toEqual([2, 3, 1, 4]);
    expect(reorderIds([1, 2, 3], [2], 2, 'after')).toEqual([1, 2, 3]);
  });
});

describe('stepIds', () => {
  it('moves one id a place up or down, and not past either end', () => {
    expect(stepIds([1, 2, 3], 1, -1)).toEqual([2, 1, 3]);
    expect(stepIds([1, 2, 3], 1, 1)).toEqual([1, 3, 2]);
    expect(stepIds([1, 2, 3], 0, -1)).toEqual([1, 2, 3]);
    expect(stepIds([1, 2, 3], 2, 1)).toEqual([1, 2, 3]);
  });
});
