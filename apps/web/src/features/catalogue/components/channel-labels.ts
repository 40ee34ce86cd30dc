import { type CHANNEL_LAYOUTS, type CHANNEL_RULES, type ChannelContentType, msg } from '@zema/contracts';

/**
 * How the catalogue manager names a channel's settings (list columns, editor choices): catalogue
 * sources, translated where they are shown (`trans(CHANNEL_TYPE_LABELS[type])`).
 */

export const CHANNEL_TYPE_LABELS: Record<ChannelContentType, string> = {
  track: msg('Tracks'),
  album: msg('Albums'),
  artist: msg('Artists'),
  genre: msg('Genres'),
  channel: msg('Channels (as rows)'),
};

export const CHANNEL_RULE_LABELS: Record<(typeof CHANNEL_RULES)[number], string> = {
  manual: msg('Chosen by hand'),
  popular_week: msg('Most played this week'),
  popular_all_time: msg('Most played of all time'),
  newest: msg('Newest first'),
  alphabetical: msg('A to Z'),
};

export const CHANNEL_LAYOUT_LABELS: Record<(typeof CHANNEL_LAYOUTS)[number], string> = {
  grid: msg('Grid'),
  carousel: msg('Carousel'),
  track_table: msg('Track list'),
};

/** The channel editor's chosen list, named by what it holds. */
export const CHOSEN_ITEMS_TITLES: Record<ChannelContentType, string> = {
  track: msg('Chosen tracks'),
  album: msg('Chosen albums'),
  artist: msg('Chosen artists'),
  genre: msg('Chosen genres'),
  channel: msg('Chosen channels (as rows)'),
};

export const CHOSEN_ITEMS_LIST_LABELS: Record<ChannelContentType, string> = {
  track: msg('Chosen tracks, in order'),
  album: msg('Chosen albums, in order'),
  artist: msg('Chosen artists, in order'),
  genre: msg('Chosen genres, in order'),
  channel: msg('Chosen channels (as rows), in order'),
};

export const NO_CHOSEN_ITEMS: Record<ChannelContentType, string> = {
  track: msg('No tracks chosen yet: search above to add some.'),
  album: msg('No albums chosen yet: search above to add some.'),
  artist: msg('No artists chosen yet: search above to add some.'),
  genre: msg('No genres chosen yet: search above to add some.'),
  channel: msg('No channels (as rows) chosen yet: search above to add some.'),
};

/** Select options from a setting's keys and their labels, in the reader's language. */
export const labelledOptions = <K extends string>(
  keys: readonly K[],
  labels: Record<K, string>,
  trans: (message: string) => string,
) => keys.map((id) => ({ id, label: trans(labels[id]) }));
