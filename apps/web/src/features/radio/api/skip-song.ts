import { useMutation, useQueryClient } from '@tanstack/react-query';
import { radioAdmin } from '@zema/contracts/radio/radio.operations';
import { api } from '#src/lib/api-client';
import { radioKeys } from './radio-keys';

/** POST admin/radio/stations/{id}/skip: the built-in station ends its song now, for every listener. */
export function useSkipSong() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.call(radioAdmin.skip, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: radioKeys.all }),
  });
}
