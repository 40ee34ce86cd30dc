import { useMutation } from '@tanstack/react-query';
import type { BootstrapData } from '@zema/contracts';
import { auth } from '@zema/contracts/identity/auth.operations';
import { useNavigate } from 'react-router';
import { toast } from '#src/ui/toast';
import { api } from './api-client';
import { isAppearanceEditorActive } from './appearance-editor';
import { setBootstrapData } from './bootstrap-store';
import { useTrans } from './i18n';
import { paths } from './paths';

export async function logout(): Promise<BootstrapData> {
  return (await api.call(auth.logout)).bootstrapData;
}

/**
 * SPEC §4 logout: refused inside the appearance editor; on success the answer's bootstrap data
 * replaces the session, cached queries are dropped and the app goes to /login.
 */
export function useLogout() {
  const navigate = useNavigate();
  const { trans } = useTrans();
  const mutation = useMutation({
    mutationFn: logout,
    onSuccess: (data) => {
      setBootstrapData(data, { clearQueryCache: true });
      navigate(paths.login());
    },
  });
  return {
    ...mutation,
    logout: () => {
      if (isAppearanceEditorActive()) {
        toast.danger(trans("Can't logout while in appearance editor."));
        return;
      }
      mutation.mutate();
    },
  };
}
