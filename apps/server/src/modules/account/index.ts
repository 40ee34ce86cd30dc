/**
 * Account: what a signed-in user changes about themselves — profile, avatar, email, password,
 * preferences, deletion.
 *
 * This file is the module's one public face (decision 0051): other modules and the composition
 * (app.ts, deps.ts, server-modules.ts) import only what it exports.
 */
import type { ServerModule } from '#src/platform/deps';
import { accountRoutes } from './account.routes';
import type { RemoteFetchOptions } from './avatar.service';

export { getAccount } from './account.service';
export type { RemoteFetchOptions } from './avatar.service';

declare module '#src/platform/deps' {
  interface ModuleTuning {
    /** Avatar-by-URL downloads; `allowPrivateAddresses` is for tests against a local server only. */
    remoteFetch?: RemoteFetchOptions;
  }
}

export const accountModule: ServerModule = { name: 'account', apiRoutes: [accountRoutes] };
