import { useMutation } from '@tanstack/react-query';
import { impersonation } from '@zema/contracts/operations/impersonation';
import { useNavigate } from 'react-router';
import { api } from '#src/lib/api-client';
import { setBootstrapData } from '#src/lib/bootstrap-store';

/** POST admin/users/:id/impersonate: the browser becomes that user until the banner's way back. */
export async function logInAs(id: number) {
  return (await api.call(impersonation.start, { params: { id: String(id) } })).bootstrapData;
}

export function useLogInAs(id: number) {
  const navigate = useNavigate();
  return useMutation({
    mutationFn: () => logInAs(id),
    onSuccess: (data) => {
      setBootstrapData(data, { clearQueryCache: true });
      navigate('/');
    },
  });
}
