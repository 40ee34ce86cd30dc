import { useParams } from 'react-router';
import { useTrans } from '#src/lib/i18n';
import { LoadingPage } from '#src/ui/loading-page';
import { useRelease } from '../api/get-release';
import { useMyArtists } from '../api/list-my-artists';
import { canEditArtist, READ_ONLY_MESSAGES, ReadOnlyNotice } from '../components/artist-access';
import { BackstageFrame } from '../components/backstage-frame';
import { ReleaseEditor } from '../components/release-editor';

/**
 * /backstage/releases/{id}: one draft, scheduled or published release; read-only to a team role
 * that may only see its artist.
 */
export default function BackstageReleasePage() {
  const { trans } = useTrans();
  const id = Number(useParams().releaseId);
  const release = useRelease(id);
  const artists = useMyArtists();
  if (artists.isPending || release.isPending) return <LoadingPage />;
  const artist = artists.data?.find((a) => a.id === release.data?.artist.id);
  return (
    <BackstageFrame
      title={trans('Release')}
      notice={<ReadOnlyNotice artist={artist} message={READ_ONLY_MESSAGES.release} />}
    >
      <ReleaseEditor releaseId={id} readOnly={artist ? !canEditArtist(artist) : false} />
    </BackstageFrame>
  );
}
