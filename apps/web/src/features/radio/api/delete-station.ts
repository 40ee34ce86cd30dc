import { useMutation, useQueryClient } from '@tanstack/react-query';
import { radioAdmin } from '@zema/contracts/radio/radio.operations';
import { api } from '#src/lib/api-client';
import { radioKeys } from './radio-keys';

/** DELETE admin/radio/stations/{id} (never the built-in station: the server refuses it). */
export function useDeleteStation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.call(radioAdmin.delete, { params: { id } }),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: radioKeys.admin }),
        client.invalidateQueries({ queryKey: radioKeys.all }),
      ]),
  });
}
