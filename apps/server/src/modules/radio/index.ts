/**
 * Radio: live internet radio stations (SPEC §1, §2 `radio/{slug}`, §3 Radio track, §4, §7, §8) —
 * stations an admin adds with their stream and now-playing source (AzuraCast, Icecast, ICY, or
 * none), one watcher per station across instances publishing now-playing as server-sent events,
 * and the built-in station "Zema Radio", which plays the catalogue as one live MP3 stream.
 *
 * This file is the module's one public face (decision 0051): other modules and the composition
 * (app.ts, deps.ts, server-modules.ts) import only what it exports.
 */
import type { ServerModule } from '#src/platform/deps';
import { type BuiltinStreams, createBuiltinStreams } from './builtin-streams';
import { radioRoutes } from './radio.routes';
import { createRadioHub, type RadioHub, type RadioTuning } from './radio-hub';
import { seedRadio } from './seed';

export type { RadioTuning } from './radio-hub';
export { findStation, listPublicStations } from './stations.service';

declare module '#src/platform/deps' {
  interface Deps {
    /** Watchers, leases and the stations' event streams of this instance. */
    radio: RadioHub;
    /** The built-in station's listeners on this instance. */
    radioStreams: BuiltinStreams;
  }
  interface ModuleTuning {
    /** Radio timings and the fetch rule (tests: local Icecast, short leases). */
    radio?: RadioTuning;
  }
}

export const radioModule: ServerModule = {
  name: 'radio',
  async register(deps) {
    const tuning = {
      ...deps.tuning.radio,
      allowPrivateAddresses: deps.tuning.radio?.allowPrivateAddresses ?? deps.config.radio.allowPrivateHosts,
    };
    deps.tuning.radio = tuning;
    deps.radio = createRadioHub(deps, tuning, {
      eventStreamsPerIp: deps.config.radio.eventStreamsPerIp,
    });
    deps.radioStreams = createBuiltinStreams(deps, {
      listenersPerIp: deps.config.radio.listenersPerIp,
      ffmpegPath: deps.config.radio.ffmpegPath,
    });
    deps.radio.setListenerCounter((stationId) => deps.radioStreams.listeners(stationId));
    deps.radio.onSongEnded((stationId, seq) => deps.radioStreams.songEnded(stationId, seq));
    await deps.radio.start();
  },
  // "Zema Radio" on a fresh install, and on an install from before the radio.
  seed: (tx) => seedRadio(tx).then(() => ({})),
  apiRoutes: [radioRoutes],
  // Open streams never end by themselves: they end before the server stops accepting.
  async beforeClose(deps) {
    deps.radioStreams.closeAll();
    await deps.radio.close();
  },
};
