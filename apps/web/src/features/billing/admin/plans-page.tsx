import { Plus } from 'lucide-react';
import { Link } from 'react-router';
import { AdminPage } from '#src/components/admin/admin-page';
import { PageError } from '#src/components/states';
import { useTrans } from '#src/lib/i18n';
import { paths } from '#src/lib/paths';
import { buttonClass } from '#src/ui/button';
import { Spinner } from '#src/ui/spinner';
import { useAdminPlans } from '../api/list-plans';
import { priceText } from '../components/billing-format';

/** /admin/billing/plans: every plan with its prices on sale, in display order. */
export default function PlansPage() {
  const { trans, language } = useTrans();
  const plans = useAdminPlans();
  return (
    <AdminPage
      title={trans('Plans')}
      breadcrumbs={[{ label: trans('Billing') }]}
      description={trans('What people can buy, its prices in each currency, and what each plan unlocks.')}
      actions={
        <Link to={paths.adminBillingPlan('new')} className={buttonClass()}>
          <Plus aria-hidden className="size-4" />
          {trans('New plan')}
        </Link>
      }
    >
      {plans.isPending ? (
        <div className="flex justify-center py-20">
          <Spinner label={trans('Loading plans')} />
        </div>
      ) : plans.isError ? (
        <PageError error={plans.error} onRetry={() => plans.refetch()} />
      ) : (
        <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
          {plans.data.map((plan) => {
            const onSale = plan.prices.filter((p) => !p.archived_at);
            return (
              <li key={plan.id}>
                <Link
                  to={paths.adminBillingPlan(plan)}
                  className="flex h-full flex-col gap-3 rounded-theme border border-divider bg-bg p-4 outline-none hover:border-muted focus-visible:ring-2 focus-visible:ring-primary"
                >
                  <div className="flex flex-wrap items-center gap-2">
                    <h2 className="text-base font-semibold text-fg">{plan.name}</h2>
                    {plan.free && (
                      <span className="rounded-full bg-hover px-2 py-0.5 text-xs">{trans('Free plan')}</span>
                    )}
                    {plan.recommended && (
                      <span className="rounded-full border border-primary px-2 py-0.5 text-xs text-fg">
                        {trans('Recommended')}
                      </span>
                    )}
                    {plan.hidden && (
                      <span className="rounded-full bg-hover px-2 py-0.5 text-xs">{trans('Hidden')}</span>
                    )}
                  </div>
                  {plan.description && <p className="text-sm text-muted">{plan.description}</p>}
                  <ul className="flex flex-col gap-1 text-sm text-fg">
                    {onSale.length === 0 && <li className="text-muted">{trans('No prices on sale')}</li>}
                    {onSale.map((p) => (
                      <li key={p.id}>{priceText(trans, p, language)}</li>
                    ))}
                  </ul>
                  <p className="mt-auto text-xs text-muted">
                    {trans('{count, plural, one {# subscriber} other {# subscribers}}', {
                      count: plan.subscribers_count,
                    })}{' '}
                    ·{' '}
                    {trans('{count, plural, one {# permission} other {# permissions}}', {
                      count: plan.permissions.length,
                    })}
                  </p>
                </Link>
              </li>
            );
          })}
        </ul>
      )}
    </AdminPage>
  );
}
