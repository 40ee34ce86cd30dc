import type { CHANNEL_LAYOUTS, CHANNEL_RULES, ChannelContentType } from '@zema/contracts';

/** How the catalogue manager names a channel's settings (list columns, editor choices). */

export const CHANNEL_TYPE_LABELS: Record<ChannelContentType, string> = {
  track: 'Tracks',
  album: 'Albums',
  artist: 'Artists',
  genre: 'Genres',
  channel: 'Channels (as rows)',
};

export const CHANNEL_RULE_LABELS: Record<(typeof CHANNEL_RULES)[number], string> = {
  manual: 'Chosen by hand',
  popular_week: 'Most played this week',
  popular_all_time: 'Most played of all time',
  newest: 'Newest first',
  alphabetical: 'A to Z',
};

export const CHANNEL_LAYOUT_LABELS: Record<(typeof CHANNEL_LAYOUTS)[number], string> = {
  grid: 'Grid',
  carousel: 'Carousel',
  track_table: 'Track list',
};
