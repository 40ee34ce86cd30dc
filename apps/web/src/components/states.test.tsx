import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { makeBootstrap } from '#test/bootstrap-factory';
import { renderInRouter } from '#test/render-app';
import { PagedList, type PagedQuery } from './states';

const query = (patch: Partial<PagedQuery> = {}): PagedQuery => ({
  isPending: false,
  isError: false,
  error: null,
  hasNextPage: false,
  isFetchingNextPage: false,
  refetch: vi.fn(),
  fetchNextPage: vi.fn(),
  ...patch,
});

const list = (q: PagedQuery, isEmpty = false, errorState?: (e: unknown) => React.ReactNode | undefined) =>
  renderInRouter(
    <PagedList
      query={q}
      isEmpty={isEmpty}
      skeleton={<p>skeleton</p>}
      empty={<p>nothing here</p>}
      errorState={errorState}
    >
      <p>the items</p>
    </PagedList>,
    makeBootstrap(),
  );

describe('PagedList, the one ladder of a paginated list', () => {
  it('shows the skeleton while the first page loads', async () => {
    list(query({ isPending: true }));
    expect(await screen.findByText('skeleton')).toBeTruthy();
    expect(screen.queryByText('the items')).toBeNull();
  });

  it('shows the error with Try again, or the caller’s own answer for that error', async () => {
    const q = query({ isError: true, error: new Error('x') });
    const view = list(q);
    await userEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(q.refetch).toHaveBeenCalledTimes(1);
    view.unmount();
    list(query({ isError: true, error: 'private' }), false, (e) =>
      e === 'private' ? <p>private</p> : undefined,
    );
    expect(await screen.findByText('private')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it('shows the empty state, else the items', async () => {
    const view = list(query(), true);
    expect(await screen.findByText('nothing here')).toBeTruthy();
    view.unmount();
    list(query({ hasNextPage: true }));
    expect(await screen.findByText('the items')).toBeTruthy();
    expect(screen.queryByText('nothing here')).toBeNull();
  });
});
