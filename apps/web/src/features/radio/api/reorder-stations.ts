import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RadioStationAdmin } from '@zema/contracts';
import { radioAdmin } from '@zema/contracts/radio/radio.operations';
import { api } from '#src/lib/api-client';
import { radioKeys } from './radio-keys';

type AdminList = { stations: RadioStationAdmin[]; ffmpeg: boolean };

/**
 * POST admin/radio/stations/reorder {ids}: the stations in this order. The list shows the new
 * order at once and goes back to the server's if the call fails.
 */
export function useReorderStations() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (ids: number[]) => api.call(radioAdmin.reorder, { body: { ids } }),
    onMutate: async (ids) => {
      await client.cancelQueries({ queryKey: radioKeys.adminList() });
      const before = client.getQueryData<AdminList>(radioKeys.adminList());
      if (before) {
        const byId = new Map(before.stations.map((s) => [s.id, s]));
        const stations = ids.map((id) => byId.get(id)).filter((s): s is RadioStationAdmin => !!s);
        client.setQueryData<AdminList>(radioKeys.adminList(), { ...before, stations });
      }
      return { before };
    },
    onError: (_error, _ids, context) => {
      if (context?.before) client.setQueryData(radioKeys.adminList(), context.before);
    },
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: radioKeys.adminList() }),
        client.invalidateQueries({ queryKey: radioKeys.stations() }),
      ]),
  });
}
