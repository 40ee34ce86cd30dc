import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FailedJob, JobQueue, JobQueuesResponse } from '@zema/contracts/jobs/jobs.operations';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { resetBootstrapStore } from '#src/lib/bootstrap-store';
import { clearToasts, ToastRegion, toast } from '#src/ui/toast';
import { makeBootstrap, makeUser } from '#test/bootstrap-factory';
import { fail, mockApi, ok } from '#test/mock-api';
import { renderRoutes } from '#test/render-app';
import JobsPage from './jobs-page';

// The toast region's view loads lazily: loaded once here, so the first toast of a test shows
// in time whichever test runs first.
beforeAll(async () => {
  const region = render(<ToastRegion />);
  act(() => {
    toast('Loading the region');
  });
  await screen.findByText('Loading the region');
  act(() => clearToasts());
  region.unmount();
});

beforeEach(() => {
  resetBootstrapStore();
  localStorage.clear();
});
afterEach(() => act(() => clearToasts()));

const queue = (name: string, over: Partial<JobQueue> = {}): JobQueue => ({
  name,
  kind: 'queue',
  every_ms: null,
  concurrency: 2,
  attempts: 3,
  waiting: 0,
  active: 0,
  delayed: 0,
  failed: 0,
  completed: 0,
  ...over,
});

const failedJob = (id: string, over: Partial<FailedJob> = {}): FailedJob => ({
  id,
  queue: 'ingest-track',
  attempts: 3,
  failed_at: '2026-11-28T10:00:00Z',
  error: 'Error (ENOENT): no such file or directory, open <path>',
  ...over,
});

/** A fake server: the queues, and the failed jobs of each; a retry takes the job off its list. */
function serve(overview: JobQueuesResponse, failed: Record<string, FailedJob[]>) {
  const lists = structuredClone(failed);
  return mockApi((call) => {
    if (call.path === '/api/v1/admin/jobs') return ok(overview);
    const list = call.path.match(/^\/api\/v1\/admin\/jobs\/([^/]+)\/failed$/);
    if (list) {
      const jobs = lists[list[1]!];
      return jobs ? ok({ data: jobs }) : fail(404, { message: 'There is no such queue.' });
    }
    const retry = call.path.match(/^\/api\/v1\/admin\/jobs\/([^/]+)\/failed\/([^/]+)\/retry$/);
    if (retry && call.method === 'POST') {
      const [, name, id] = retry;
      lists[name!] = (lists[name!] ?? []).filter((j) => j.id !== id);
      return ok({ message: 'The job is back in its queue.' });
    }
    return undefined;
  });
}

const withPermissions = (...names: string[]) =>
  makeBootstrap({
    user: makeUser({ permissions: names.map((name, i) => ({ id: i + 1, name, restrictions: [] })) }),
  });

const OVERVIEW: JobQueuesResponse = {
  engine: 'in-process',
  queues: [
    queue('ingest-track', { waiting: 4, active: 2, delayed: 1, failed: 2, completed: 37 }),
    queue('publish-due-releases', { kind: 'periodic', every_ms: 60_000, completed: 12 }),
    queue('notifications-digest', { kind: 'periodic', every_ms: 30_000 }),
  ],
};

function renderPage(path: string, permissions: string[]) {
  render(<ToastRegion />);
  return renderRoutes(
    [{ path: '/admin/jobs', element: <JobsPage /> }],
    path,
    withPermissions(...permissions),
  );
}

describe('the jobs page', () => {
  it('lists the engine and the queues with their counts, and periodic tasks with their interval', async () => {
    serve(OVERVIEW, { 'ingest-track': [] });
    renderPage('/admin/jobs', ['logs.view']);

    const table = await screen.findByRole('table', { name: 'Queues' });
    const row = (await within(table).findByRole('button', { name: /^ingest-track:/ })).closest('tr')!;
    expect(within(row).getByText('Queue')).toBeTruthy();
    expect([...row.querySelectorAll('td')].map((td) => td.textContent)).toEqual([
      'ingest-track',
      'Queue',
      '4',
      '2',
      '1',
      '2',
      '37',
    ]);
    const periodic = within(table)
      .getByRole('button', { name: /^publish-due-releases:/ })
      .closest('tr')!;
    expect(within(periodic).getByText('Periodic')).toBeTruthy();
    expect(within(periodic).getByText('every 1 min')).toBeTruthy();
    const often = within(table)
      .getByRole('button', { name: /^notifications-digest:/ })
      .closest('tr')!;
    expect(within(often).getByText('every 30 s')).toBeTruthy();

    expect(screen.getByText('Engine:', { exact: false }).textContent).toBe('Engine: In this process');
    expect(screen.getByText('Choose a queue above to see its failed jobs.')).toBeTruthy();
  });

  it("shows a queue's failed jobs with their errors, and retries one: a toast, then both lists refreshed", async () => {
    const calls = serve(OVERVIEW, {
      'ingest-track': [
        failedJob('17'),
        failedJob('18', { attempts: 1, error: 'TypeError: Cannot read properties of undefined' }),
      ],
    });
    const { router } = renderPage('/admin/jobs', ['logs.view', 'settings.update']);

    const queues = await screen.findByRole('table', { name: 'Queues' });
    const choose = await within(queues).findByRole('button', { name: /^ingest-track:/ });
    expect(choose.getAttribute('aria-pressed')).toBe('false');
    await userEvent.click(choose);
    expect(router.state.location.search).toBe('?queue=ingest-track');
    // The same button, pressed, still focused: the table kept its cells.
    expect(choose.getAttribute('aria-pressed')).toBe('true');
    expect(document.activeElement).toBe(choose);

    expect(screen.getByRole('heading', { level: 2, name: 'Failed jobs of ingest-track' })).toBeTruthy();
    const failed = await screen.findByRole('list', { name: 'Failed jobs of ingest-track' });
    const first = (await within(failed).findByText('17')).closest('li')!;
    expect(within(first).getByText('Error (ENOENT): no such file or directory, open <path>').tagName).toBe(
      'PRE',
    );
    // The moment in the reader's language, with the full date on hover.
    expect(first.querySelector('time')?.getAttribute('datetime')).toBe('2026-11-28T10:00:00Z');
    const second = within(failed).getByText('18').closest('li')!;
    expect(within(second).getByText('1')).toBeTruthy();
    expect(within(second).getByText('TypeError: Cannot read properties of undefined')).toBeTruthy();

    const before = calls.length;
    await userEvent.click(within(first).getByRole('button', { name: 'Retry job 17' }));
    expect(await screen.findByText('The job is back in its queue.')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST' && c.path.endsWith('/ingest-track/failed/17/retry'))).toBe(
      true,
    );
    // Both lists asked again: the retried job is gone from the failed ones.
    await waitFor(() => expect(within(failed).queryByText('17')).toBeNull());
    const asked = calls
      .slice(before)
      .filter((c) => c.method === 'GET')
      .map((c) => c.path);
    expect(asked).toEqual(
      expect.arrayContaining(['/api/v1/admin/jobs', '/api/v1/admin/jobs/ingest-track/failed']),
    );
    expect(within(failed).getByText('18')).toBeTruthy();
    // The retried job left the list: the focus waits on its heading, not on the page's body.
    expect(document.activeElement).toBe(
      screen.getByRole('heading', { level: 2, name: 'Failed jobs of ingest-track' }),
    );
  });

  it('offers no Retry without the permission to change settings, and says when a queue has none failed', async () => {
    serve(OVERVIEW, {
      'ingest-track': [failedJob('17')],
      'publish-due-releases': [],
    });
    renderPage('/admin/jobs?queue=ingest-track', ['logs.view']);

    const failed = await screen.findByRole('list', { name: 'Failed jobs of ingest-track' });
    await within(failed).findByText('17');
    expect(screen.queryByRole('button', { name: /^Retry/ })).toBeNull();
    expect(screen.getByText(/Retrying a job needs the permission to change settings\./)).toBeTruthy();

    const queues = screen.getByRole('table', { name: 'Queues' });
    await userEvent.click(within(queues).getByRole('button', { name: /^publish-due-releases:/ }));
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Failed jobs of publish-due-releases' }),
    ).toBeTruthy();
    expect(await screen.findByText('No failed jobs')).toBeTruthy();
    expect(screen.queryByRole('list', { name: /^Failed jobs of/ })).toBeNull();
  });

  it("shows the server's message for a queue it does not know", async () => {
    serve(OVERVIEW, {});
    renderPage('/admin/jobs?queue=gone', ['logs.view']);
    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      expect.stringContaining('There is no such queue.'),
    );
  });
});
