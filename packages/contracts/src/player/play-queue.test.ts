import { describe, expect, it } from 'vitest';
import {
  PLAY_QUEUE_MAX_TRACKS,
  PLAY_QUEUE_MESSAGES,
  playQueueWindowStart,
  savePlayQueueRequestSchema,
} from './play-queue';

describe('the saved play queue', () => {
  it('says its cap in its message', () => {
    expect(PLAY_QUEUE_MESSAGES.tooLong).toContain(` ${PLAY_QUEUE_MAX_TRACKS} `);
  });

  it('cuts a long queue around its current entry: that one and what follows first', () => {
    expect(playQueueWindowStart(PLAY_QUEUE_MAX_TRACKS, 999)).toBe(0);
    expect(playQueueWindowStart(PLAY_QUEUE_MAX_TRACKS + 10, null)).toBe(0);
    expect(playQueueWindowStart(PLAY_QUEUE_MAX_TRACKS + 10, 4)).toBe(4);
    expect(playQueueWindowStart(PLAY_QUEUE_MAX_TRACKS + 10, PLAY_QUEUE_MAX_TRACKS + 9)).toBe(10);
  });

  it('takes a current entry only inside the list', () => {
    expect(savePlayQueueRequestSchema.parse({ track_ids: [1, 1] })).toEqual({
      track_ids: [1, 1],
      current_index: null,
      position_ms: 0,
    });
    const outside = savePlayQueueRequestSchema.safeParse({ track_ids: [1], current_index: 1 });
    expect(outside.success).toBe(false);
    expect(outside.error?.issues[0]).toMatchObject({
      path: ['current_index'],
      message: PLAY_QUEUE_MESSAGES.currentOutside,
    });
  });
});
