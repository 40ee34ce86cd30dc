import { HOME_CHANNEL_SLUG } from '@zema/contracts';
import { useDeferredValue } from 'react';
import { useParams } from 'react-router';
import { PageError } from '#src/components/states';
import { ApiError } from '#src/lib/api-error';
import { useTrans } from '#src/lib/i18n';
import { usePageTitle } from '#src/lib/page-title';
import { useStoredText } from '#src/lib/stored-text';
import { useChannel } from '../api/get-channel';
import { ChannelContentView } from '../components/channel-view';
import { CardSkeletons } from '../components/media-cards';

/**
 * A channel: the home page (`/discover`: the `discover` channel; `/`: the channel chosen as the
 * homepage, `home`) or `/channel/{slug}`. Rows of nested channels, or a single list of tracks,
 * albums, artists or genres. A chosen home channel that is gone (deleted or renamed since) gives
 * way to the default one, as the server's first paint does.
 */
export default function ChannelPage({ slug: fixedSlug, home }: { slug?: string; home?: boolean }) {
  const { trans } = useTrans();
  const stored = useStoredText();
  const params = useParams();
  const wanted = fixedSlug ?? params.slug ?? HOME_CHANNEL_SLUG;
  // At `/`, a 404 of the chosen channel is answered below (the fallback), not with a toast.
  const wantedQuery = useChannel(wanted, { handlesErrors: home === true && wanted !== HOME_CHANNEL_SLUG });
  const gone =
    home === true &&
    wanted !== HOME_CHANNEL_SLUG &&
    wantedQuery.error instanceof ApiError &&
    wantedQuery.error.status === 404;
  const fallbackQuery = useChannel(HOME_CHANNEL_SLUG, { enabled: gone });
  const query = gone ? fallbackQuery : wantedQuery;
  const isHome = home === true || wanted === HOME_CHANNEL_SLUG;
  // A channel's rows are the heaviest render of a first view: rendered as deferred work, React
  // slices it and the page stays responsive (the skeleton shows until it is done).
  const channel = useDeferredValue(query.data);
  usePageTitle(stored(query.data?.name), { siteOnly: isHome });
  // A home page of rows (each with its heading) names itself for screen readers only; a home
  // page that is one list shows its name like any channel page (features/spa/first-paint.ts too).
  const titleHidden = isHome && (!channel || channel.content.type === 'channel');

  if (query.isError) return <PageError error={query.error} onRetry={() => void query.refetch()} />;
  return (
    <div className="flex flex-col gap-8">
      <h1 className={titleHidden ? 'sr-only' : 'text-3xl font-bold'}>
        {channel ? stored(channel.name) : isHome ? trans('Home') : ''}
      </h1>
      {channel?.description && !titleHidden && (
        <p className="-mt-6 text-muted">{stored(channel.description)}</p>
      )}
      {!channel ? (
        <div aria-busy="true" className="flex flex-col gap-10">
          <CardSkeletons />
          <CardSkeletons />
        </div>
      ) : (
        <ChannelContentView content={channel.content} config={channel.config} label={stored(channel.name)} />
      )}
    </div>
  );
}
