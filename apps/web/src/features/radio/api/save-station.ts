import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SaveRadioStationRequest } from '@zema/contracts';
import { radioAdmin } from '@zema/contracts/radio/radio.operations';
import { api } from '#src/lib/api-client';
import { radioKeys } from './radio-keys';

/** POST admin/radio/stations (new) or PUT admin/radio/stations/{id} (edit): the station form's save. */
export async function saveStation({ id, body }: { id: number | null; body: SaveRadioStationRequest }) {
  if (id === null) return (await api.call(radioAdmin.create, { body })).station;
  return (await api.call(radioAdmin.update, { params: { id }, body })).station;
}

/** The form places field errors (422) on its fields itself. */
export function useSaveStation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveStation,
    meta: { handlesErrors: true },
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: radioKeys.admin }),
        client.invalidateQueries({ queryKey: radioKeys.all }),
      ]),
  });
}
