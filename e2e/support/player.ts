import { expect, type Page } from '@playwright/test';

/** The audio element that plays now (the engine marks it; its spare has data-zema-preload). */
export const ACTIVE_AUDIO = 'audio[data-zema-player]';

export interface AudioState {
  paused: boolean;
  currentTime: number;
  src: string;
}

export async function audioState(page: Page): Promise<AudioState> {
  return page.evaluate((sel) => {
    const a = document.querySelector<HTMLAudioElement>(sel);
    return { paused: a?.paused ?? true, currentTime: a?.currentTime ?? 0, src: a?.src ?? '' };
  }, ACTIVE_AUDIO);
}

/** Waits until the audio is really playing and its clock moves forward. */
export async function expectPlaying(page: Page) {
  await expect.poll(async () => (await audioState(page)).paused).toBe(false);
  const first = (await audioState(page)).currentTime;
  await expect.poll(async () => (await audioState(page)).currentTime).toBeGreaterThan(first + 0.3);
}

/** Where the player keeps its state (apps/web/src/features/player/lib/persistence.ts). */
export const PLAYER_STORAGE_KEY = 'zema-player';

/** The play position the player saved for the next visit (localStorage, seconds). */
export async function savedPosition(page: Page): Promise<number> {
  const saved = await page.evaluate((key) => localStorage.getItem(key), PLAYER_STORAGE_KEY);
  const position = saved ? (JSON.parse(saved) as { position?: unknown }).position : undefined;
  expect(typeof position, `saved player: ${saved}`).toBe('number');
  return position as number;
}

/** Track id of the stream that plays now (…/tracks/{id}/stream…). */
export async function playingTrackId(page: Page): Promise<number | null> {
  const m = /tracks\/(\d+)\//.exec((await audioState(page)).src);
  return m ? Number(m[1]) : null;
}

/**
 * The demo catalogue is added in the background right after the server starts: the first tests
 * of a run wait until the home channel has content.
 */
export async function waitForCatalogue(page: Page) {
  await expect
    .poll(
      async () => {
        const res = await page.request.get('/api/v1/channels/discover');
        if (!res.ok()) return 0;
        const body = (await res.json()) as { channel?: { content?: { items?: unknown[] } } };
        return body.channel?.content?.items?.length ?? 0;
      },
      { timeout: 60_000, intervals: [500, 1000, 2000] },
    )
    .toBeGreaterThan(0);
}
