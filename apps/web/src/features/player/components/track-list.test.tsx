import { cleanup, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Track } from '@zema/contracts';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeBootstrap } from '#test/bootstrap-factory';
import { mockApi } from '#test/mock-api';
import { track } from '#test/player';
import { renderInRouter } from '#test/render-app';
import type { PlayerEngine } from '../lib/audio-engine';
import { setPlayerForTests } from '../lib/use-player';
import { reorderIndex, TrackList, type TrackListProps, trackNumberClass } from './track-list';

describe('reorderIndex (drop position → the index the server takes)', () => {
  // Rows A B C D at 0..3.
  it('moves a row down: dropped after C, A lands at 2 (B C A D)', () => {
    expect(reorderIndex(0, 2, 'after')).toBe(2);
    expect(reorderIndex(0, 3, 'before')).toBe(2);
  });

  it('moves a row up: dropped before B, D lands at 1 (A D B C)', () => {
    expect(reorderIndex(3, 1, 'before')).toBe(1);
    expect(reorderIndex(3, 0, 'after')).toBe(1);
  });

  it('to either end', () => {
    expect(reorderIndex(2, 0, 'before')).toBe(0);
    expect(reorderIndex(1, 3, 'after')).toBe(3);
  });

  it('dropped next to itself, it stays', () => {
    expect(reorderIndex(1, 1, 'before')).toBe(1);
    expect(reorderIndex(1, 1, 'after')).toBe(1);
    expect(reorderIndex(1, 0, 'after')).toBe(1);
    expect(reorderIndex(1, 2, 'before')).toBe(1);
  });
});

/** Just the parts of the engine a track list reads and calls; `playing` is the loaded track's id. */
function fakePlayer(playing?: Track) {
  const snapshot = {
    queue: playing ? [{ key: 'q1', track: playing }] : [],
    index: playing ? 0 : -1,
    status: playing ? 'playing' : 'idle',
  };
  const player = {
    subscribe: () => () => undefined,
    getSnapshot: () => snapshot,
    playTracks: vi.fn(),
    toggle: vi.fn(),
  };
  setPlayerForTests(player as unknown as PlayerEngine);
  return player;
}

afterEach(() => {
  setPlayerForTests(null);
  vi.restoreAllMocks();
});

const songs = (n: number) =>
  Array.from({ length: n }, (_, i) => ({
    key: String(i + 1),
    track: track(i + 1, { name: `Song ${i + 1}` }),
  }));

function renderList(props: Partial<TrackListProps> = {}) {
  fakePlayer();
  const onPlay = vi.fn();
  renderInRouter(
    <>
      <button type="button">before</button>
      <TrackList aria-label="Songs" items={songs(3)} onPlay={onPlay} {...props} />
      <button type="button">after</button>
    </>,
    makeBootstrap(),
  );
  mockApi(() => undefined);
  return { onPlay };
}

describe('TrackList keyboard model', () => {
  it('is one Tab stop; arrow keys move between rows; Tab goes through a row’s controls, then out', async () => {
    renderList();
    const rows = await screen.findAllByRole('row');
    await userEvent.click(screen.getByRole('button', { name: 'before' }));
    await userEvent.tab();
    expect(document.activeElement).toBe(rows[0]);
    await userEvent.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(rows[1]);
    await userEvent.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(rows[2]);
    await userEvent.keyboard('{ArrowUp}');
    expect(document.activeElement).toBe(rows[1]);
    // Tab reaches the focused row's own controls, in order, and never another row.
    const stops: string[] = [];
    for (let i = 0; i < 10; i++) {
      await userEvent.tab();
      const el = document.activeElement as HTMLElement;
      if (!rows[1]?.contains(el)) break;
      stops.push(el.getAttribute('aria-label') ?? el.textContent ?? '');
    }
    expect(stops).toEqual(['Play Song 2', 'Song 2', 'Artist', 'Like Song 2', 'More options for Song 2']);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'after' }));
  });

  it('Home and End reach the first and last rows; typing a title’s first letters reaches its row', async () => {
    renderList({ items: songs(12) });
    const rows = await screen.findAllByRole('row');
    await userEvent.click(screen.getByRole('button', { name: 'before' }));
    await userEvent.tab();
    await userEvent.keyboard('{End}');
    expect(document.activeElement).toBe(rows[11]);
    await userEvent.keyboard('{Home}');
    expect(document.activeElement).toBe(rows[0]);
    await userEvent.keyboard('song 1');
    expect(document.activeElement).toBe(rows[0]);
    await userEvent.keyboard('1');
    expect(document.activeElement).toBe(rows[10]);
  });

  it('Shift+Tab from a row leaves the list; the list keeps the row last focused as its Tab stop', async () => {
    renderList();
    const rows = await screen.findAllByRole('row');
    await userEvent.click(screen.getByRole('button', { name: 'before' }));
    await userEvent.tab();
    await userEvent.keyboard('{ArrowDown}');
    await userEvent.tab({ shift: true });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'before' }));
    await userEvent.tab();
    expect(document.activeElement).toBe(rows[1]);
  });

  it('Enter on a row plays the list from that row', async () => {
    const { onPlay } = renderList();
    const rows = await screen.findAllByRole('row');
    await userEvent.click(screen.getByRole('button', { name: 'before' }));
    await userEvent.tab();
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    await userEvent.keyboard('{Enter}');
    expect(document.activeElement).toBe(rows[2]);
    expect(onPlay).toHaveBeenCalledExactlyOnceWith(2);
  });

  it('"Play {track}" plays from that row; the loaded track shows Pause and toggles', async () => {
    const { onPlay } = renderList();
    await userEvent.click(await screen.findByRole('button', { name: 'Play Song 2' }));
    expect(onPlay).toHaveBeenCalledExactlyOnceWith(1);
  });
});

describe('TrackList pointer model', () => {
  it('a mouse click on a row does not play; a double click does', async () => {
    const { onPlay } = renderList();
    const rows = await screen.findAllByRole('row');
    await userEvent.click(rows[1] as HTMLElement);
    expect(onPlay).not.toHaveBeenCalled();
    await userEvent.dblClick(rows[1] as HTMLElement);
    expect(onPlay).toHaveBeenCalledWith(1);
  });

  it('a tap on a row plays it (touch screens)', async () => {
    const { onPlay } = renderList();
    const rows = await screen.findAllByRole('row');
    const row = rows[2] as HTMLElement;
    const touch = { pointerType: 'touch', pointerId: 1, button: 0, isPrimary: true };
    fireEvent.pointerDown(row, touch);
    fireEvent.pointerUp(row, touch);
    fireEvent.click(row);
    expect(onPlay).toHaveBeenCalledExactlyOnceWith(2);
  });

  it('on a coarse pointer the title is no link (a tap plays); with a mouse it links to the track', async () => {
    const coarse = vi.spyOn(window, 'matchMedia').mockImplementation(
      (query: string) =>
        ({
          matches: query === '(pointer: coarse)',
          media: query,
          addEventListener: () => undefined,
          removeEventListener: () => undefined,
        }) as unknown as MediaQueryList,
    );
    renderList();
    await screen.findAllByRole('row');
    expect(screen.queryByRole('link', { name: 'Song 1' })).toBeNull();
    expect(screen.getAllByRole('row')[0]?.textContent).toContain('Song 1');
    coarse.mockRestore();
  });

  it('the title links to the track page with a fine pointer', async () => {
    renderList();
    expect((await screen.findByRole('link', { name: 'Song 1' })).getAttribute('href')).toMatch(
      /^\/track\/1\//,
    );
  });
});

describe('TrackList rows', () => {
  it('numbers sit in one fixed-width, right-aligned column of tabular digits ("10" under "9")', async () => {
    renderList({ items: songs(10) });
    const rows = await screen.findAllByRole('row');
    const numbers = rows.map((r) => r.querySelector('[data-track-number]') as HTMLElement);
    expect(numbers.map((n) => n.textContent)).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9', '10']);
    for (const n of numbers) {
      const column = n.parentElement as HTMLElement;
      expect(column.className).toContain(trackNumberClass);
    }
    expect(trackNumberClass.split(' ')).toEqual(
      expect.arrayContaining(['w-8', 'shrink-0', 'text-right', 'tabular-nums']),
    );
  });

  it('album pages number by the track’s album number', async () => {
    fakePlayer();
    renderInRouter(
      <TrackList
        aria-label="Tracks"
        tracks={[track(7, { number: 3 }), track(8, { number: 4 })]}
        useTrackNumbers
      />,
      makeBootstrap(),
    );
    mockApi(() => undefined);
    const rows = await screen.findAllByRole('row');
    expect(rows.map((r) => r.querySelector('[data-track-number]')?.textContent)).toEqual(['3', '4']);
  });

  it('with just `tracks`, a row plays the tracks from its index through the player', async () => {
    const player = fakePlayer();
    const tracks = [track(1), track(2), track(1)];
    renderInRouter(<TrackList aria-label="Tracks" tracks={tracks} />, makeBootstrap());
    mockApi(() => undefined);
    // The same track twice: both rows are there.
    expect(await screen.findAllByRole('row')).toHaveLength(3);
    await userEvent.click(screen.getAllByRole('button', { name: 'Play Track 1' })[1] as HTMLElement);
    expect(player.playTracks).toHaveBeenCalledExactlyOnceWith(tracks, 2);
  });

  it('the loaded track shows "Pause {track}", which pauses instead of starting over', async () => {
    const player = fakePlayer(track(2));
    renderInRouter(<TrackList aria-label="Tracks" tracks={[track(1), track(2)]} />, makeBootstrap());
    mockApi(() => undefined);
    await userEvent.click(await screen.findByRole('button', { name: 'Pause Track 2' }));
    expect(player.toggle).toHaveBeenCalledOnce();
    expect(screen.getAllByRole('row')[1]?.hasAttribute('data-current')).toBe(true);
    expect(player.playTracks).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Play Track 1' })).toBeTruthy();
  });

  it('shows the album and the note with its label; hideAlbum leaves the album out', async () => {
    const album = { id: 5, name: 'The Album', image: null };
    renderList({
      items: [{ key: 'a', track: track(1, { name: 'Song', album } as Partial<Track>), note: '2 days ago' }],
      noteLabel: 'Played',
    });
    expect(await screen.findByRole('link', { name: 'The Album' })).toBeTruthy();
    expect(screen.getByTitle('Played').textContent).toBe('2 days ago');
    cleanup();
    renderList({
      items: [{ key: 'a', track: track(1, { name: 'Song', album } as Partial<Track>) }],
      hideAlbum: true,
    });
    await screen.findAllByRole('row');
    expect(screen.queryByRole('link', { name: 'The Album' })).toBeNull();
  });

  it('every row has its menu, and the extra actions the page renders', async () => {
    renderList({ renderActions: (item) => <button type="button">extra {item.key}</button> });
    expect(await screen.findByRole('button', { name: 'extra 2' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'More options for Song 2' })).toBeTruthy();
  });
});

describe('TrackList loading', () => {
  it('shows skeleton rows while loading, and no list', async () => {
    renderList({ isLoading: true, skeletonRows: 5 });
    const status = await screen.findByRole('status', { name: 'Songs' });
    expect(status.getAttribute('aria-busy')).toBe('true');
    expect(status.querySelectorAll('[data-skeleton-row]')).toHaveLength(5);
    expect(screen.queryByRole('grid')).toBeNull();
  });

  it('loads more from the sentinel’s button, with skeleton rows while the next page comes', async () => {
    const onLoadMore = vi.fn();
    renderList({ hasMore: true, onLoadMore });
    await userEvent.click(await screen.findByRole('button', { name: 'Load more' }));
    expect(onLoadMore).toHaveBeenCalled();
    cleanup();
    renderList({ hasMore: true, isLoadingMore: true, onLoadMore });
    await screen.findAllByRole('row');
    expect(document.querySelectorAll('[data-skeleton-row]')).toHaveLength(3);
  });

  it('no sentinel when there is nothing more', async () => {
    renderList({ hasMore: false, onLoadMore: () => undefined });
    await screen.findAllByRole('row');
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });
});

/** A page whose edit permission arrives after the first render, as a playlist's does. */
function LatePermissionPage() {
  const items = [1, 2].map((id) => ({ key: String(id), track: track(id, { name: `Song ${id}` }) }));
  const [canEdit, setCanEdit] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setCanEdit((v) => !v)}>
        toggle
      </button>
      <TrackList
        aria-label="Songs"
        items={items}
        onPlay={() => undefined}
        onReorder={canEdit ? () => undefined : undefined}
      />
    </>
  );
}

describe('TrackList reordering', () => {
  it('turns reordering on after the first render (permissions that arrive late) without crashing', async () => {
    renderInRouter(<LatePermissionPage />, makeBootstrap());
    mockApi(() => undefined);
    await screen.findAllByRole('row');
    expect(screen.queryByRole('button', { name: 'Move Song 1' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'toggle' }));
    expect(await screen.findByRole('button', { name: 'Move Song 1' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'toggle' }));
    expect(screen.queryByRole('button', { name: 'Move Song 1' })).toBeNull();
    expect(screen.getAllByRole('row')).toHaveLength(2);
  });
});
