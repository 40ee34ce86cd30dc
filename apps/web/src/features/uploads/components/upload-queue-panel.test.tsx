import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FileEntry } from '@zema/contracts';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { resetBootstrapStore } from '#src/lib/bootstrap-store';
import { makeBootstrap, makeUser } from '#test/bootstrap-factory';
import { fakeTransports, fileEntry } from '#test/fake-uploads';
import { renderInRouter } from '#test/render-app';
import type { UploadQueue } from '../lib/upload-queue';
import type { UploadClock, UploadItem } from '../lib/upload-types';
import { useUploadQueue } from '../lib/use-upload-queue';
import { UploadQueuePanel } from './upload-queue-panel';

const MB = 1024 * 1024;

beforeEach(() => resetBootstrapStore());

/** A clock the test moves by hand; its timers never fire on their own. */
function manualClock(): UploadClock & { advance: (ms: number) => void } {
  let now = 1_000_000;
  return {
    now: () => now,
    setTimeout: () => 0,
    clearTimeout: () => undefined,
    advance: (ms) => {
      now += ms;
    },
  };
}

interface HarnessProps {
  options: Parameters<typeof useUploadQueue>[0];
  onQueue: (queue: UploadQueue) => void;
  accept?: readonly string[];
  onUploaded?: (entry: FileEntry, item: UploadItem) => void;
}

function Harness({ options, onQueue, accept, onUploaded }: HarnessProps) {
  const queue = useUploadQueue(options);
  onQueue(queue);
  return (
    <UploadQueuePanel
      queue={queue}
      accept={accept}
      metadata={{ uploadType: 'backstage-track' }}
      onUploaded={onUploaded}
    />
  );
}

function renderPanel(onUploaded?: (entry: FileEntry, item: UploadItem) => void, accept?: readonly string[]) {
  const fake = fakeTransports();
  const clock = manualClock();
  let queue: UploadQueue | null = null;
  const user = userEvent.setup();
  renderInRouter(
    <Harness
      options={{ transports: fake.transports, clock, accept }}
      onQueue={(q) => {
        queue = q;
      }}
      accept={accept}
      onUploaded={onUploaded}
    />,
    makeBootstrap({ user: makeUser() }),
  );
  return { ...fake, clock, user, queue: () => queue as unknown as UploadQueue };
}

const audio = (name: string, bytes: number) =>
  new File([new Uint8Array(bytes)], name, { type: 'audio/mpeg' });

describe('<UploadQueuePanel>', () => {
  it('offers labelled buttons and pickers, and lists each picked file with its size', async () => {
    const { user, started } = renderPanel();
    const zone = screen.getByRole('group', { name: 'Drop files or folders here' });
    expect(within(zone).getByRole('button', { name: 'Choose files' })).toBeTruthy();
    expect(within(zone).getByRole('button', { name: 'Choose a folder' })).toBeTruthy();
    await user.upload(screen.getByLabelText('Files to upload'), [
      audio('one.mp3', 2048),
      audio('.DS_Store', 10),
    ]);
    const list = await screen.findByRole('region', { name: 'Uploads' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    expect(within(list).getByText('one.mp3')).toBeTruthy();
    expect(within(list).getByText('2 KB')).toBeTruthy();
    expect(started[0]?.job.metadata).toEqual({ uploadType: 'backstage-track' });
  });

  it('shows progress, speed and time left, then the finished state, and tells the page', async () => {
    const onUploaded = vi.fn();
    const { user, started, clock } = renderPanel(onUploaded);
    await user.upload(screen.getByLabelText('Files to upload'), audio('song.mp3', 10 * MB));
    const bar = await screen.findByRole('progressbar', { name: 'Upload of song.mp3' });
    act(() => {
      clock.advance(1000);
      started[0]?.job.onProgress(MB);
      clock.advance(1000);
      started[0]?.job.onProgress(2 * MB);
    });
    expect(bar.getAttribute('aria-valuenow')).toBe('20');
    expect(screen.getByText('Uploading · 20% · 1 MB/s · 8 s left')).toBeTruthy();
    await act(async () => started[0]?.resolve(fileEntry(4, 'song.mp3')));
    expect(await screen.findByText('Uploaded')).toBeTruthy();
    expect(bar.getAttribute('aria-valuenow')).toBe('100');
    expect(onUploaded).toHaveBeenCalledWith(
      fileEntry(4, 'song.mp3'),
      expect.objectContaining({ name: 'song.mp3' }),
    );
  });

  it('cancels, retries and clears finished uploads from their buttons', async () => {
    const { user, started } = renderPanel();
    await user.upload(screen.getByLabelText('Files to upload'), [audio('a.mp3', 10), audio('b.mp3', 10)]);
    await user.click(await screen.findByRole('button', { name: 'Cancel a.mp3' }));
    expect(await screen.findByText('Cancelled')).toBeTruthy();
    expect(started[0]?.job.signal.aborted).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Retry a.mp3' }));
    expect(started).toHaveLength(3);
    await act(async () => started[2]?.reject(new TypeError('offline')));
    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      'There was an issue. Please try again.',
    );

    await act(async () => started[1]?.resolve(fileEntry(2, 'b.mp3')));
    await user.click(screen.getByRole('button', { name: 'Clear finished' }));
    expect(screen.queryByRole('region', { name: 'Uploads' })).toBeNull();
  });

  it('refuses a file of a type the page does not take, with the SPEC message', async () => {
    const fake = renderPanel(undefined, ['image/*']);
    // The picker's own filter is only a hint to the browser: a drop bypasses it.
    fireEvent.drop(screen.getByRole('group', { name: 'Drop files or folders here' }), {
      dataTransfer: { files: [audio('a.mp3', 10)], items: [] },
    });
    expect(await screen.findByText('This file type is not allowed')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Retry a.mp3' })).toBeNull();
    expect(fake.started).toHaveLength(0);
  });
});
