import { queryOptions, useQuery } from '@tanstack/react-query';
import { radioAdmin } from '@zema/contracts/radio/radio.operations';
import { api } from '#src/lib/api-client';
import { radioKeys } from './radio-keys';

/** GET admin/radio/stations: every station, hidden ones too, in order; and whether ffmpeg is there. */
export const adminStationsQueryOptions = () =>
  queryOptions({
    queryKey: radioKeys.adminList(),
    queryFn: ({ signal }) => api.call(radioAdmin.list, { signal }),
  });

export function useAdminStations() {
  return useQuery(adminStationsQueryOptions());
}

/** GET admin/radio/stations/{id}: one station with its source, for its editor. */
export const adminStationQueryOptions = (id: number) =>
  queryOptions({
    queryKey: radioKeys.adminStation(id),
    queryFn: async ({ signal }) => (await api.call(radioAdmin.get, { params: { id }, signal })).station,
  });

export function useAdminStation(id: number | null) {
  return useQuery({ ...adminStationQueryOptions(id ?? 0), enabled: id !== null });
}
