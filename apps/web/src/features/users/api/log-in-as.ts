import { useMutation } from '@tanstack/react-query';
import { impersonation } from '@zema/contracts/identity/impersonation.operations';
import { useNavigate } from 'react-router';
import { api } from '#src/lib/api-client';
import { setBootstrapData } from '#src/lib/bootstrap-store';
import { paths } from '#src/lib/paths';

/** POST admin/users/:id/impersonate: the browser becomes that user until the banner's way back. */
export async function logInAs(id: number) {
  return (await api.call(impersonation.start, { params: { id: String(id) } })).bootstrapData;
}

/**
 * Logs in as the user and lands on their home. The app leaves the admin page first and only then
 * becomes the user: swapped the other way round, the admin area's guard met a user without admin
 * access and sent them to the plans before the navigation home could land.
 */
export function useLogInAs(id: number) {
  const navigate = useNavigate();
  return useMutation({
    mutationFn: () => logInAs(id),
    onSuccess: async (data) => {
      await navigate(paths.home());
      setBootstrapData(data, { clearQueryCache: true });
    },
  });
}
