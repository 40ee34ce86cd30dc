import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { render, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiClient } from '#src/lib/api-client';
import { LoadingPage } from '#src/ui/loading-page';
import { mockApi, ok } from '#test/mock-api';
import { createTestQueryClient } from '#test/render-app';
import { APP_READY_ATTRIBUTE, PageReadySignal } from './page-ready-signal';

const isReady = () => document.documentElement.hasAttribute(APP_READY_ATTRIBUTE);

function Page({ loadingChunk }: { loadingChunk: boolean }) {
  const query = useQuery({ queryKey: ['t'], queryFn: () => apiClient.get('t') });
  return loadingChunk ? <LoadingPage /> : <p>{query.data ? 'loaded' : 'waiting'}</p>;
}

function renderApp(loadingChunk: boolean) {
  const client = createTestQueryClient();
  const ui = (chunk: boolean) => (
    <QueryClientProvider client={client}>
      <Page loadingChunk={chunk} />
      <PageReadySignal />
    </QueryClientProvider>
  );
  const view = render(ui(loadingChunk));
  return { ...view, rerenderWith: (chunk: boolean) => view.rerender(ui(chunk)) };
}

describe('PageReadySignal', () => {
  it('marks <html> once the first query settled, not before', async () => {
    let answer: () => void = () => undefined;
    const gate = new Promise<void>((r) => {
      answer = r;
    });
    mockApi((c) => (c.path === '/api/v1/t' ? gate.then(() => ok({ a: 1 })) : undefined));
    const view = renderApp(false);
    // The query is in flight: however long it takes, the page is not ready.
    await new Promise((r) => setTimeout(r, 0));
    expect(isReady()).toBe(false);
    answer();
    await view.findByText('loaded');
    await waitFor(() => expect(isReady()).toBe(true));
    view.unmount();
  });

  it('is not ready while a route chunk is loading behind the loading page', async () => {
    mockApi((c) => (c.path === '/api/v1/t' ? ok({ a: 1 }) : undefined));
    const view = renderApp(true);
    await new Promise((r) => setTimeout(r, 0));
    expect(isReady()).toBe(false);
    view.rerenderWith(false);
    await view.findByText('loaded');
    await waitFor(() => expect(isReady()).toBe(true));
    view.rerenderWith(true);
    await waitFor(() => expect(isReady()).toBe(false));
    view.unmount();
  });
});
