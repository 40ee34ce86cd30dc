import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { type UploadFollowUp, type UploadPreflight, UploadQueuePanel } from '#src/features/uploads';
import { useFormat } from '#src/lib/format';
import { useTrans } from '#src/lib/i18n';
import { paths } from '#src/lib/paths';
import { LinkButton } from '#src/ui/button';
import { Select } from '#src/ui/select';
import { discardUpload } from '../api/discard-upload';
import { getUploadUsage, uploadUsageQueryOptions } from '../api/get-upload-usage';
import { backstageKeys } from '../api/keys';
import { listMyArtists, useMyArtists } from '../api/list-my-artists';
import { addReleaseTrack, createRelease } from '../api/release-mutations';
import {
  canEditArtist,
  READ_ONLY_MESSAGES,
  ReadOnlyNotice,
  readOnlyMessage,
} from '../components/artist-access';
import { BackstageCard, BackstageFrame } from '../components/backstage-frame';
import { ReleaseEditor } from '../components/release-editor';
import { UnpublishedReleases } from '../components/unpublished-releases';
import { storageRefusal } from '../components/upload-checks';
import { UploadQuota } from '../components/upload-quota';

/** The dropped folder a file came from (`Album/CD1/01.mp3` → `Album`); null for a loose file. */
export function releaseGroupOf(relativePath: string | null): string | null {
  const parts = relativePath?.split('/').filter(Boolean) ?? [];
  return parts.length > 1 ? parts[0]! : null;
}

/**
 * /backstage/upload: drop tracks or a folder. Each dropped folder becomes one album draft and each
 * loose file a single; every finished upload joins its draft at once and is analysed on the
 * server while the others still upload. The drafts are edited and published below.
 *
 * Before each file is sent the server is asked whether it may be (the artist and the caller's role
 * as they are now, the storage left); a file the release then refuses is deleted and shows the
 * refusal, never 'Uploaded'.
 */
export default function BackstageUploadPage() {
  const { trans } = useTrans();
  const format = useFormat();
  const artists = useMyArtists();
  const [chosen, setChosen] = useState<number | null>(null);
  const artistId = chosen ?? artists.data?.[0]?.id ?? null;
  const artist = artists.data?.find((a) => a.id === artistId);
  const [releaseIds, setReleaseIds] = useState<number[]>([]);
  const queryClient = useQueryClient();
  // One draft per dropped folder; the promise makes the folder's parallel uploads wait for it.
  const folders = useRef(new Map<string, Promise<number>>());

  const releaseFor = (group: string | null, artist: number) => {
    const make = () =>
      createRelease({
        artist_id: artist,
        type: group ? 'album' : 'single',
        ...(group ? { name: group } : {}),
      }).then((release) => {
        setReleaseIds((ids) => [release.id, ...ids]);
        return release.id;
      });
    if (!group) return make();
    const key = `${artist}:${group}`;
    let pending = folders.current.get(key);
    if (!pending) {
      pending = make();
      folders.current.set(key, pending);
      pending.catch(() => folders.current.delete(key));
    }
    return pending;
  };

  const preflight: UploadPreflight = async ({ item, signal }) => {
    if (artistId === null) return null;
    // Asked afresh, not from the cache: the role may have changed since the page was opened.
    const [now, usage] = await Promise.all([listMyArtists(signal), getUploadUsage(signal)]);
    queryClient.setQueryData(uploadUsageQueryOptions().queryKey, usage);
    const current = now.find((a) => a.id === artistId);
    if (!current)
      return trans('You can no longer upload for this artist here. Reload the page to see what you may do.');
    return (
      readOnlyMessage(current, READ_ONLY_MESSAGES.upload, trans) ??
      storageRefusal(item.size, usage, { trans, bytes: (size) => format.bytes(size) })
    );
  };

  const afterUpload: UploadFollowUp = {
    label: trans('Adding to the release'),
    run: async (entry, item) => {
      if (artistId === null) return;
      try {
        const id = await releaseFor(releaseGroupOf(item.relativePath ?? entry.relative_path), artistId);
        const release = await addReleaseTrack({ id, fileEntryId: entry.id });
        queryClient.setQueryData(backstageKeys.release(id), release);
      } catch (err) {
        // Refused (a role without editing, an artist no longer shared, not audio): the file is of
        // no use and would only fill the storage, so it goes; the item shows why.
        await discardUpload(entry.id).catch(() => undefined);
        void queryClient.invalidateQueries({ queryKey: uploadUsageQueryOptions().queryKey });
        throw err;
      }
    },
  };

  if (artists.isPending)
    return (
      <BackstageFrame title={trans('Upload music')}>
        <p className="text-sm text-muted">{trans('Loading…')}</p>
      </BackstageFrame>
    );
  if (!artists.data?.length)
    return (
      <BackstageFrame title={trans('Upload music')}>
        <BackstageCard>
          <p className="text-muted">
            {trans('You need an artist profile before you can upload. Ask for one in the backstage.')}
          </p>
          <div>
            <LinkButton href={paths.backstage()}>{trans('Go to the backstage')}</LinkButton>
          </div>
        </BackstageCard>
      </BackstageFrame>
    );

  // A role that may only see the artist gets no uploader: it would send files the server refuses.
  if (artist && !canEditArtist(artist))
    return (
      <BackstageFrame
        title={trans('Upload music')}
        notice={<ReadOnlyNotice artist={artist} message={READ_ONLY_MESSAGES.upload} />}
      >
        <UnpublishedReleases />
      </BackstageFrame>
    );

  return (
    <BackstageFrame
      title={trans('Upload music')}
      description={trans(
        'Drop a folder to make an album (tracks in tag order), or single files for singles. Review the details, then publish now or on a date.',
      )}
      actions={
        artists.data.length > 1 ? (
          <Select
            label={trans('Artist')}
            className="min-w-56"
            items={artists.data.map((a) => ({ id: a.id, label: a.name }))}
            selectedKey={artistId}
            onSelectionChange={(key) => setChosen(Number(key))}
          />
        ) : undefined
      }
    >
      <UploadQuota />
      <UploadQueuePanel
        metadata={{ uploadType: 'backstage-track' }}
        accept={['audio/*']}
        allowFolders
        label={trans('Drop audio files or a folder here')}
        hint={trans('MP3, FLAC, OGG, Opus, M4A or WAV')}
        preflight={preflight}
        afterUpload={afterUpload}
      />
      {releaseIds.map((id) => (
        <ReleaseEditor key={id} releaseId={id} />
      ))}
      <UnpublishedReleases hide={releaseIds} />
    </BackstageFrame>
  );
}
