import type { BackstageArtist } from '@zema/contracts';
import { UserRound } from 'lucide-react';
import { useState } from 'react';
import { ErrorState } from '#src/components/states';
import { useAuth } from '#src/lib/bootstrap-store';
import { useTrans } from '#src/lib/i18n';
import { Button } from '#src/ui/button';
import { Select } from '#src/ui/select';
import { Spinner } from '#src/ui/spinner';
import { toast } from '#src/ui/toast';
import { useShareArtist } from '../api/share-artist';
import { useUnshareArtist } from '../api/unshare-artist';
import { usePersonalArtists, useWorkspaceArtists } from '../api/workspace-artists';
import type { WorkspaceAbilities } from '../lib/roles';

function ArtistRow({ artist, action }: { artist: BackstageArtist; action?: React.ReactNode }) {
  return (
    <li className="flex items-center gap-3 py-2">
      <span className="flex size-10 shrink-0 items-center justify-center overflow-hidden rounded-full bg-hover">
        {artist.image_small ? (
          <img src={artist.image_small} alt="" className="size-full object-cover" />
        ) : (
          <UserRound aria-hidden className="size-5 text-muted" />
        )}
      </span>
      <span className="min-w-0 flex-1 truncate font-medium">{artist.name}</span>
      {action}
    </li>
  );
}

/**
 * The artists the workspace shares (its backstage catalogue), "Share an artist" from those the
 * caller manages personally, and "Stop sharing".
 */
export function SharedArtists({ workspaceId, can }: { workspaceId: number; can: WorkspaceAbilities }) {
  const { trans } = useTrans();
  const auth = useAuth();
  const shared = useWorkspaceArtists(workspaceId);
  const mayShare = can.shareArtists && auth.hasPermission('backstage.access');
  const personal = usePersonalArtists(mayShare);
  const share = useShareArtist(workspaceId);
  const unshare = useUnshareArtist(workspaceId);
  const [choice, setChoice] = useState<number | null>(null);

  if (shared.isPending) return <Spinner label={trans('Loading artists')} />;
  if (shared.isError) return <ErrorState onRetry={() => shared.refetch()} />;
  const sharedIds = new Set(shared.data.map((a) => a.id));
  const shareable = (personal.data ?? []).filter((a) => !sharedIds.has(a.id));

  return (
    <div className="flex flex-col gap-4">
      {shared.data.length ? (
        <ul aria-label={trans('Shared artists')} className="divide-y divide-divider">
          {shared.data.map((artist) => (
            <ArtistRow
              key={artist.id}
              artist={artist}
              action={
                can.unshareArtists && (
                  <Button
                    size="sm"
                    variant="text"
                    aria-label={trans('Stop sharing {name}', { name: artist.name })}
                    isPending={unshare.isPending && unshare.variables === artist.id}
                    onPress={() =>
                      unshare.mutate(artist.id, {
                        onSuccess: () =>
                          toast.positive(trans('Stopped sharing {name}', { name: artist.name })),
                      })
                    }
                  >
                    {trans('Stop sharing')}
                  </Button>
                )
              }
            />
          ))}
        </ul>
      ) : (
        <p className="text-sm text-muted">{trans('No artists are shared with this workspace yet.')}</p>
      )}
      {mayShare && shareable.length > 0 && (
        <form
          aria-label={trans('Share an artist')}
          className="flex flex-wrap items-end gap-3"
          onSubmit={(e) => {
            e.preventDefault();
            const artist = shareable.find((a) => a.id === choice);
            if (!artist) return;
            share.mutate(artist.id, {
              onSuccess: () => {
                setChoice(null);
                toast.positive(trans('Shared {name}', { name: artist.name }));
              },
            });
          }}
        >
          <Select
            label={trans('Share an artist')}
            placeholder={trans('Choose one of your artists')}
            items={shareable.map((a) => ({ id: a.id, label: a.name }))}
            selectedKey={choice}
            onSelectionChange={(key) => setChoice(key === null ? null : Number(key))}
            className="min-w-0 flex-1 basis-60"
          />
          <Button type="submit" variant="outline" isDisabled={choice === null} isPending={share.isPending}>
            {trans('Share')}
          </Button>
        </form>
      )}
    </div>
  );
}
