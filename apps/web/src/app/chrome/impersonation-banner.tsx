import { useMutation } from '@tanstack/react-query';
import { impersonation } from '@zema/contracts/identity/impersonation.operations';
import { useNavigate } from 'react-router';
import { api } from '#src/lib/api-client';
import { setBootstrapData, useAuth } from '#src/lib/bootstrap-store';
import { Trans, useTrans } from '#src/lib/i18n';
import { paths } from '#src/lib/paths';
import { Button } from '#src/ui/button';

/**
 * On every page while an admin looks through someone's account ("Log in as"): who they are
 * signed in as, and one click back to their own account, on that user's admin page.
 */
export function ImpersonationBanner() {
  const { user } = useAuth();
  const navigate = useNavigate();
  const { trans } = useTrans();
  const back = useMutation({
    mutationFn: async () => (await api.call(impersonation.stop)).bootstrapData,
    onSuccess: (data) => {
      const lookedAt = user?.id;
      setBootstrapData(data, { clearQueryCache: true });
      navigate(lookedAt ? paths.adminUser({ id: lookedAt }) : paths.admin());
    },
  });
  if (!user?.impersonator) return null;
  return (
    <section
      aria-label={trans('Logged in as another user')}
      className="sticky top-0 z-[60] flex flex-wrap items-center justify-center gap-3 bg-fg px-4 py-2 text-sm text-bg"
    >
      <span>
        <Trans
          message="You are logged in as {name} ({email})."
          values={{ email: user.email }}
          elements={{ name: <strong>{user.display_name}</strong> }}
        />
      </span>
      <Button
        size="sm"
        variant="outline"
        className="border-bg text-bg"
        isPending={back.isPending}
        onPress={() => back.mutate()}
      >
        {trans('Back to {name}', { name: user.impersonator.display_name })}
      </Button>
    </section>
  );
}
