import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { makeBootstrap } from '#src/app/testing/bootstrap-factory';
import { mockApi } from '#src/app/testing/mock-api';
import { renderInRouter } from '#src/app/testing/render-app';
import { track } from './player/testing';
import { reorderIndex, TrackList } from './track-list';

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

describe('TrackList keyboard model', () => {
  it('is one Tab stop; arrow keys move between rows', async () => {
    const items = [1, 2, 3].map((id) => ({ key: String(id), track: track(id, { name: `Song ${id}` }) }));
    renderInRouter(
      <>
        <button type="button">before</button>
        <TrackList aria-label="Songs" items={items} onPlay={() => undefined} />
        <button type="button">after</button>
      </>,
      makeBootstrap(),
    );
    mockApi(() => undefined);
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
    // Tab leaves the list from wherever the focus is in it: not one stop per row.
    await userEvent.tab();
    expect(document.activeElement).not.toBe(rows[2]);
    expect(rows.some((r) => r.contains(document.activeElement))).toBe(false);
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
