import { ARTIST_ROLE_LABELS, type BackstageArtist, WORKSPACE_ROLE_LABELS } from '@zema/contracts';
import { BadgeCheck, Disc, ExternalLink, Eye, Music, Pencil, UserRound } from 'lucide-react';
import { ErrorState } from '#src/components/states';
import { useHasBackstageAccess } from '#src/lib/active-workspace';
import { type TransFn, useTrans } from '#src/lib/i18n';
import { paths } from '#src/lib/paths';
import { LinkButton } from '#src/ui/button';
import { LoadingPage } from '#src/ui/loading-page';
import { useMyArtists } from '../api/list-my-artists';
import { canEditArtist, READ_ONLY_MESSAGES, ReadOnlyNotice } from '../components/artist-access';
import { BackstageCard, BackstageFrame } from '../components/backstage-frame';
import { RequestsPanel } from '../components/requests-panel';
import { UnpublishedReleases } from '../components/unpublished-releases';

/**
 * /backstage: the artist's overview once they manage an artist; before that, the ways in
 * (become, claim, verify) and their requests.
 */
export default function BackstageHomePage() {
  const { trans } = useTrans();
  const hasBackstageAccess = useHasBackstageAccess();
  const hasAccess = hasBackstageAccess;
  const artists = useMyArtists(hasAccess);
  if (hasAccess && artists.isPending) return <LoadingPage />;
  if (hasAccess && artists.isError) return <ErrorState onRetry={() => artists.refetch()} />;
  const managed = artists.data ?? [];
  if (!managed.length)
    return (
      <BackstageFrame
        title={trans('Backstage for artists')}
        description={trans('Release your music, keep your artist page up to date and see who is listening.')}
      >
        <RequestsPanel managed={[]} />
      </BackstageFrame>
    );
  return (
    <BackstageFrame
      title={trans('Your artists')}
      description={trans('Everything you manage, in one place.')}
      notice={
        <ReadOnlyNotice
          artist={managed.find((a) => !canEditArtist(a))}
          message={READ_ONLY_MESSAGES.artists}
        />
      }
    >
      <ul className="grid gap-4 md:grid-cols-2" aria-label={trans('Your artists')}>
        {managed.map((artist) => (
          <li key={artist.id} className="min-w-0">
            <ArtistCard artist={artist} />
          </li>
        ))}
      </ul>
      <UnpublishedReleases />
    </BackstageFrame>
  );
}

/**
 * What the caller is to this artist here: in a team workspace their role in it ("Editor in Addis
 * Records"), which is what they act by; otherwise their own link's role ("Manager").
 */
function capacity(artist: BackstageArtist, trans: TransFn): string {
  if (artist.workspace)
    return trans('You are: {role} in {workspace}', {
      role: trans(WORKSPACE_ROLE_LABELS[artist.workspace.role]),
      workspace: artist.workspace.name,
    });
  return trans('You are: {role}', { role: trans(ARTIST_ROLE_LABELS[artist.role ?? 'other']) });
}

function ArtistCard({ artist }: { artist: BackstageArtist }) {
  const { trans } = useTrans();
  const editable = canEditArtist(artist);
  return (
    <BackstageCard className="h-full">
      <div className="flex items-center gap-4">
        <div className="flex size-20 shrink-0 items-center justify-center overflow-hidden rounded-full bg-hover">
          {artist.image_small ? (
            <img src={artist.image_small} alt="" className="size-full object-cover" />
          ) : (
            <UserRound aria-hidden className="size-8 text-muted" />
          )}
        </div>
        <div className="min-w-0">
          <h2 className="flex items-center gap-1 break-words text-lg font-semibold [overflow-wrap:anywhere]">
            {artist.name}
            {artist.verified && (
              <BadgeCheck aria-label={trans('Verified')} className="size-5 shrink-0 text-primary" />
            )}
          </h2>
          <p className="text-sm text-muted">{capacity(artist, trans)}</p>
        </div>
      </div>
      <div className="flex flex-wrap gap-2">
        <LinkButton
          href={paths.backstageArtist(artist)}
          variant="primary"
          size="sm"
          startIcon={
            editable ? <Pencil aria-hidden className="size-4" /> : <Eye aria-hidden className="size-4" />
          }
        >
          {editable ? trans('Edit profile') : trans('View profile')}
        </LinkButton>
        <LinkButton
          href={paths.backstageTracks(artist.id)}
          variant="outline"
          size="sm"
          startIcon={<Music aria-hidden className="size-4" />}
        >
          {trans('Tracks')}
        </LinkButton>
        <LinkButton
          href={paths.backstageAlbums(artist.id)}
          variant="outline"
          size="sm"
          startIcon={<Disc aria-hidden className="size-4" />}
        >
          {trans('Albums')}
        </LinkButton>
        <LinkButton
          href={paths.artist(artist)}
          variant="text"
          size="sm"
          startIcon={<ExternalLink aria-hidden className="size-4" />}
        >
          {trans('View public page')}
        </LinkButton>
      </div>
    </BackstageCard>
  );
}
