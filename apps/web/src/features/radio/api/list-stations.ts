import { queryOptions, useQuery } from '@tanstack/react-query';
import { radio } from '@zema/contracts/radio/radio.operations';
import { api } from '#src/lib/api-client';
import { radioKeys } from './radio-keys';

/** GET radio/stations: the public stations, in the admin's order. */
export const radioStationsQueryOptions = () =>
  queryOptions({
    queryKey: radioKeys.stations(),
    queryFn: async ({ signal }) => (await api.call(radio.list, { signal })).stations,
    // The page shows its own error state with Retry.
    meta: { handlesErrors: true },
  });

export function useRadioStations() {
  return useQuery(radioStationsQueryOptions());
}
