import { useMutation } from '@tanstack/react-query';
import { radioAdmin } from '@zema/contracts/radio/radio.operations';
import { api } from '#src/lib/api-client';

/** POST admin/radio/stations/{id}/check: the station's now-playing source read once ("Test source"). */
export function useCheckStationSource() {
  return useMutation({
    mutationFn: (id: number) => api.call(radioAdmin.checkSource, { params: { id } }),
  });
}
