import { queryOptions, useQuery } from '@tanstack/react-query';
import { radio } from '@zema/contracts/radio/radio.operations';
import { api } from '#src/lib/api-client';
import { radioKeys } from './radio-keys';

/** GET radio/stations/{slug}: the station with its song on air and the songs before it. */
export const radioStationQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: radioKeys.station(slug),
    queryFn: ({ signal }) => api.call(radio.get, { params: { slug }, signal }),
    // The page shows each outcome itself: the 404 page, or an error with Retry.
    meta: { handlesErrors: true },
  });

export function useRadioStation(slug: string, enabled = true) {
  return useQuery({ ...radioStationQueryOptions(slug), enabled });
}
