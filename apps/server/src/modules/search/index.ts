/**
 * Search: the navbar's instant results and the search page, cached and gated (`deps.searchGate`).
 *
 * This file is the module's one public face (decision 0051): other modules and the composition
 * (app.ts, deps.ts, server-modules.ts) import only what it exports.
 */
import type { ServerModule } from '#src/platform/deps';
import { createWorkGate, type WorkGate } from '#src/platform/work-gate';
import { SEARCH_GATE, searchRoutes } from './search.routes';
import { invalidateSearchesOnChange } from './search.service';

export { search } from './search.service';

declare module '#src/platform/deps' {
  interface Deps {
    /** Bounds the searches computed at once (SEARCH_GATE by driver). */
    searchGate: WorkGate;
  }
  interface ModuleTuning {
    /** A search gate to use instead of SEARCH_GATE's (tests hold it). */
    searchGate?: WorkGate;
  }
}

export const searchModule: ServerModule = {
  name: 'search',
  register(deps, events) {
    deps.searchGate = deps.tuning.searchGate ?? createWorkGate(SEARCH_GATE[deps.database.driver]);
    invalidateSearchesOnChange(events, deps.cache);
  },
  apiRoutes: [searchRoutes],
};
