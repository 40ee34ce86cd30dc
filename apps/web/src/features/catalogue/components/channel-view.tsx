import type { ChannelConfig, ChannelContent, NestedChannel } from '@zema/contracts';
import { Link } from 'react-router';
import { TrackList } from '#src/features/player';
import { useTrans } from '#src/lib/i18n';
import { paths } from '#src/lib/paths';
import { useStoredText } from '#src/lib/stored-text';
import { cx } from '#src/ui/cx';
import { AlbumCard, ArtistCard, CardList, GenreCard } from './media-cards';

/** A channel's items, drawn by content type and the layout the admin chose. */
export function ChannelContentView({
  content,
  config,
  label,
  depth = 0,
}: {
  content: ChannelContent;
  config: ChannelConfig;
  label: string;
  depth?: number;
}) {
  const layout = config.layout === 'carousel' ? 'carousel' : 'grid';
  switch (content.type) {
    case 'track':
      return <TrackList tracks={content.items} aria-label={label} />;
    case 'album':
      return (
        <CardList layout={layout} label={label}>
          {content.items.map((a) => (
            <li key={a.id}>
              <AlbumCard album={a} />
            </li>
          ))}
        </CardList>
      );
    case 'artist':
      return (
        <CardList layout={layout} label={label}>
          {content.items.map((a) => (
            <li key={a.id}>
              <ArtistCard artist={a} />
            </li>
          ))}
        </CardList>
      );
    case 'genre':
      return (
        <CardList layout={layout} label={label}>
          {content.items.map((g) => (
            <li key={g.id}>
              <GenreCard genre={g} />
            </li>
          ))}
        </CardList>
      );
    case 'channel':
      return (
        <div className="flex flex-col gap-10">
          {content.items.map((c) => (
            <ChannelSection key={c.id} channel={c} depth={depth + 1} />
          ))}
        </div>
      );
  }
}

/** One row of a channel page: heading (linking to the channel itself) and its items. */
export function ChannelSection({ channel, depth }: { channel: NestedChannel; depth: number }) {
  const { trans } = useTrans();
  // The demo's rows ("Popular this week") read in the reader's language; an admin's as written.
  const stored = useStoredText();
  const empty = channel.content.items.length === 0;
  if (empty) return null;
  const Heading = depth <= 1 ? 'h2' : 'h3';
  return (
    <section aria-labelledby={`channel-${channel.id}`} className="flex flex-col gap-3">
      <div className="flex items-end gap-4">
        <Heading id={`channel-${channel.id}`} className="text-xl font-bold">
          {stored(channel.name)}
        </Heading>
        <Link
          to={paths.channel(channel)}
          className={cx('ml-auto shrink-0 text-sm font-semibold text-muted hover:text-fg hover:underline')}
        >
          {trans('Show all')}
          <span className="sr-only">: {stored(channel.name)}</span>
        </Link>
      </div>
      {channel.description && <p className="-mt-2 text-sm text-muted">{stored(channel.description)}</p>}
      <ChannelContentView
        content={channel.content}
        config={channel.config}
        label={stored(channel.name)}
        depth={depth}
      />
    </section>
  );
}
