import {
  msg,
  RADIO_SOURCES,
  type RadioRotationRule,
  type RadioSourceKind,
  type RadioStreamFormat,
} from '@zema/contracts';

/** The radio admin's choice names, as catalogue sources (`trans` them where shown). */
export const SOURCE_LABELS: Record<RadioSourceKind, string> = {
  builtin: msg('Built-in: plays the catalogue'),
  azuracast: msg('AzuraCast'),
  icecast: msg('Icecast'),
  icy: msg('ICY titles in the stream'),
  none: msg('None'),
};

export const SOURCE_DESCRIPTIONS: Record<RadioSourceKind, string> = {
  builtin: msg('The station this site plays from its own catalogue, with its own now-playing.'),
  azuracast: msg('Real-time now-playing from an AzuraCast install, its static JSON as a fallback.'),
  icecast: msg('Read from the Icecast server’s status-json.xsl, for one or several mounts.'),
  icy: msg('The titles the stream itself carries (Icy-MetaData), read by the server.'),
  none: msg('The page shows the station only, without the song on air.'),
};

export const RULE_LABELS: Record<RadioRotationRule, string> = {
  popular: msg('Most played'),
  newest: msg('Newest'),
  random: msg('Random'),
};

export const FORMAT_LABELS: Record<RadioStreamFormat, string> = {
  mp3: msg('MP3'),
  aac: msg('AAC'),
  ogg: msg('Ogg'),
};

/** The sources an admin may choose for a station: the built-in kind is the built-in station's alone. */
export const OUTSIDE_SOURCES = RADIO_SOURCES.filter((k) => k !== 'builtin');
