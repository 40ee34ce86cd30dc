import { useQueryClient } from '@tanstack/react-query';
import type { FileEntry } from '@zema/contracts';
import { useRef, useState } from 'react';
import { UploadQueuePanel } from '#src/components/uploads/upload-queue-panel';
import type { UploadItem } from '#src/components/uploads/upload-types';
import { paths } from '#src/lib/paths';
import { LinkButton } from '#src/ui/button';
import { Select } from '#src/ui/select';
import { toast } from '#src/ui/toast';
import { backstageKeys } from '../api/keys';
import { useMyArtists } from '../api/list-my-artists';
import { addReleaseTrack, createRelease } from '../api/release-mutations';
import { canEditArtist, ReadOnlyNotice } from '../components/artist-access';
import { BackstageCard, BackstageFrame } from '../components/backstage-frame';
import { ReleaseEditor } from '../components/release-editor';
import { UnpublishedReleases } from '../components/unpublished-releases';
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
 */
export default function BackstageUploadPage() {
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

  const onUploaded = async (entry: FileEntry, item: UploadItem) => {
    if (artistId === null) return;
    try {
      const id = await releaseFor(releaseGroupOf(item.relativePath ?? entry.relative_path), artistId);
      const release = await addReleaseTrack({ id, fileEntryId: entry.id });
      queryClient.setQueryData(backstageKeys.release(id), release);
    } catch (err) {
      toast.danger(err instanceof Error ? err.message : 'The upload could not be added to a release.');
    }
  };

  if (artists.isPending)
    return (
      <BackstageFrame title="Upload music">
        <p className="text-sm text-muted">Loading…</p>
      </BackstageFrame>
    );
  if (!artists.data?.length)
    return (
      <BackstageFrame title="Upload music">
        <BackstageCard>
          <p className="text-muted">
            You need an artist profile before you can upload. Ask for one in the backstage.
          </p>
          <div>
            <LinkButton href={paths.backstage()}>Go to the backstage</LinkButton>
          </div>
        </BackstageCard>
      </BackstageFrame>
    );

  // A role that may only see the artist gets no uploader: it would send files the server refuses.
  if (artist && !canEditArtist(artist))
    return (
      <BackstageFrame
        title="Upload music"
        notice={<ReadOnlyNotice artist={artist} can="see this artist's releases but not upload music" />}
      >
        <UnpublishedReleases />
      </BackstageFrame>
    );

  return (
    <BackstageFrame
      title="Upload music"
      description="Drop a folder to make an album (tracks in tag order), or single files for singles. Review the details, then publish now or on a date."
      actions={
        artists.data.length > 1 ? (
          <Select
            label="Artist"
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
        label="Drop audio files or a folder here"
        hint="MP3, FLAC, OGG, Opus, M4A or WAV"
        onUploaded={(entry, item) => void onUploaded(entry, item)}
      />
      {releaseIds.map((id) => (
        <ReleaseEditor key={id} releaseId={id} />
      ))}
      <UnpublishedReleases hide={releaseIds} />
    </BackstageFrame>
  );
}
