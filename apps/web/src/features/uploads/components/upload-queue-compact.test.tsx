import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FileEntry } from '@zema/contracts';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { resetBootstrapStore } from '#src/lib/bootstrap-store';
import { makeBootstrap, makeUser } from '#test/bootstrap-factory';
import { fakeTransports, fileEntry, settings } from '#test/fake-uploads';
import { renderInRouter } from '#test/render-app';
import type { UploadItem } from '../lib/upload-types';
import { useOnUploaded, useUploadQueue } from '../lib/use-upload-queue';
import { UploadQueueButton } from './upload-queue-compact';

const MB = 1024 * 1024;

beforeEach(() => resetBootstrapStore());

function Harness({
  transports,
  onUploaded,
}: {
  transports: ReturnType<typeof fakeTransports>['transports'];
  onUploaded: (entry: FileEntry, item: UploadItem) => void;
}) {
  const queue = useUploadQueue({
    transports,
    accept: ['audio/*'],
    metadata: { uploadType: 'track-audio' },
    settings: settings({ chunked: true }),
  });
  useOnUploaded(queue, onUploaded);
  return (
    <UploadQueueButton queue={queue} accept={['audio/*']} inputLabel="Audio file">
      Choose audio file
    </UploadQueueButton>
  );
}

function renderButton() {
  const fake = fakeTransports();
  const onUploaded = vi.fn();
  const user = userEvent.setup();
  renderInRouter(
    <Harness transports={fake.transports} onUploaded={onUploaded} />,
    makeBootstrap({ user: makeUser() }),
  );
  return { ...fake, onUploaded, user };
}

const audio = (name: string, bytes: number) => {
  const file = new File([''], name, { type: 'audio/flac' });
  Object.defineProperty(file, 'size', { value: bytes });
  return file;
};

describe('<UploadQueueButton> (the compact single-file queue)', () => {
  it('sends a big file by tus with its progress row, and tells the page its entry', async () => {
    const { user, started, onUploaded } = renderButton();
    const button = screen.getByRole('button', { name: 'Choose audio file' });
    await user.upload(screen.getByLabelText('Audio file'), audio('master.flac', 300 * MB));
    expect(started.map((s) => s.path)).toEqual(['tus']);
    expect(started[0]?.job.metadata).toEqual({ uploadType: 'track-audio' });

    const row = within(await screen.findByRole('list', { name: 'Upload' }));
    expect(row.getByText('master.flac')).toBeTruthy();
    act(() => started[0]?.job.onProgress(30 * MB));
    expect(
      row.getByRole('progressbar', { name: 'Upload of master.flac' }).getAttribute('aria-valuenow'),
    ).toBe('10');
    // One file at a time: the button waits while it goes up.
    expect(button.hasAttribute('disabled') || button.getAttribute('data-disabled') === 'true').toBe(true);

    await act(async () => started[0]?.resolve(fileEntry(9, 'master.flac')));
    expect(await row.findByText('Uploaded')).toBeTruthy();
    expect(onUploaded).toHaveBeenCalledWith(
      fileEntry(9, 'master.flac'),
      expect.objectContaining({ name: 'master.flac' }),
    );
  });

  it('cancels and retries from the row; a new pick replaces the finished one', async () => {
    const { user, started } = renderButton();
    await user.upload(screen.getByLabelText('Audio file'), audio('a.flac', 2 * MB));
    await user.click(await screen.findByRole('button', { name: 'Cancel a.flac' }));
    expect(await screen.findByText('Cancelled')).toBeTruthy();
    expect(started[0]?.job.signal.aborted).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Retry a.flac' }));
    expect(started).toHaveLength(2);
    await act(async () => started[1]?.reject(new TypeError('offline')));
    expect((await screen.findByRole('alert')).textContent).toBe('There was an issue. Please try again.');

    await user.upload(screen.getByLabelText('Audio file'), audio('b.flac', 2 * MB));
    const list = await screen.findByRole('list', { name: 'Upload' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    expect(within(list).getByText('b.flac')).toBeTruthy();
  });

  it('refuses a file of another type with the SPEC message, sending nothing', async () => {
    const { started } = renderButton();
    const text = new File(['hello'], 'notes.txt', { type: 'text/plain' });
    // The picker's `accept` is only a hint to the browser: the queue checks again.
    fireEvent.change(screen.getByLabelText('Audio file'), { target: { files: [text] } });
    expect(await screen.findByText('This file type is not allowed')).toBeTruthy();
    expect(started).toHaveLength(0);
  });
});
