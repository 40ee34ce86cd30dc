import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminSettingsUpdateRequest } from '@zema/contracts/admin';
import { settings } from '@zema/contracts/settings/settings.operations';
import { api } from '#src/lib/api-client';
import { updateBootstrapData } from '#src/lib/bootstrap-store';
import { settingsKeys } from './settings-keys';

/** POST settings with the changed `{'dotted.key': value}` pairs: all stored, or none (422). */
export async function updateSettings(body: AdminSettingsUpdateRequest) {
  return api.call(settings.update, { body });
}

export function useUpdateSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSettings,
    meta: { handlesErrors: true },
    onSuccess: (view) => {
      queryClient.setQueryData(settingsKeys.view(), view);
      // This tab reads settings from its bootstrap data: it shows the change without a reload,
      // as every other visitor's next bootstrap does.
      updateBootstrapData((data) => ({ ...data, settings: view.settings }));
    },
  });
}
