import type { RadioStream } from '@zema/contracts';
import { readAzuracastOnce, watchAzuracast } from './azuracast';
import { SOURCE_MESSAGES, SourceError } from './errors';
import { readIcecastOnce, watchIcecast } from './icecast';
import { readIcyOnce, watchIcy } from './icy';
import type { OutsideSourceConfig, ReadSourceOnce, WatchSource } from './types';

/**
 * The now-playing sources of outside stations: AzuraCast (live SSE, its JSON as fallback),
 * Icecast's `status-json.xsl`, and the ICY titles inside a stream. Every request goes through the
 * platform's public-address guard (`allowPrivateAddresses` is for tests only), with a time limit,
 * bounded answers and the `Zema radio` user agent.
 */
export { SOURCE_MESSAGES, SourceError } from './errors';
export type {
  OutsideSourceConfig,
  ReadSourceOnce,
  SourceOptions,
  SourceReading,
  SourceSong,
  WatchSource,
} from './types';

/** The stream an ICY source reads: its own URL, or the station's first stream. */
function icyUrl(
  config: Extract<OutsideSourceConfig, { kind: 'icy' }>,
  streams: readonly RadioStream[],
): string {
  const url = config.url ?? streams[0]?.url;
  if (!url) throw new SourceError(SOURCE_MESSAGES.noStream);
  return url;
}

export const watchSource: WatchSource = async (config, streams, emit, signal, opts = {}) => {
  switch (config.kind) {
    case 'icecast':
      return watchIcecast(config, emit, signal, opts);
    case 'icy':
      return watchIcy(icyUrl(config, streams), emit, signal, opts);
    case 'azuracast':
      return watchAzuracast(config, emit, signal, opts);
  }
};

export const readSourceOnce: ReadSourceOnce = async (config, streams, opts = {}) => {
  switch (config.kind) {
    case 'icecast':
      return readIcecastOnce(config, opts);
    case 'icy':
      return readIcyOnce(icyUrl(config, streams), opts);
    case 'azuracast':
      return readAzuracastOnce(config, opts);
  }
};
