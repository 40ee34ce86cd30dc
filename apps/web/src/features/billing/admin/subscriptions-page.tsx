import { GATEWAYS, SUBSCRIPTION_STATUSES } from '@zema/contracts';
import type { AdminSubscription } from '@zema/contracts/admin';
import { Plus } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { AdminListPage } from '#src/components/admin/admin-list-page';
import { FilterSelect } from '#src/components/admin/list-toolbar';
import { firstErrorMessage } from '#src/lib/api-error';
import { useTrans } from '#src/lib/i18n';
import { paths } from '#src/lib/paths';
import { Button } from '#src/ui/button';
import type { DataTableColumn } from '#src/ui/data-table';
import { Dialog } from '#src/ui/dialog';
import { TextField } from '#src/ui/field';
import { Select } from '#src/ui/select';
import { toast } from '#src/ui/toast';
import { useAdminPlans } from '../api/list-plans';
import { useAdminSubscriptions } from '../api/list-subscriptions';
import { type SubscriptionAction, useManageSubscription } from '../api/manage-subscription';
import { codeText, dateText, priceText, STATUS_TONES, Status } from '../components/billing-format';
import { UserPicker } from '../components/user-picker';

const FILTERS = ['product', 'status', 'gateway'] as const;
const errorsOf = (error: unknown) =>
  Object.fromEntries(
    Object.entries((error as { errors?: Record<string, string[]> }).errors ?? {}).map(([k, v]) => [
      k,
      v[0] ?? '',
    ]),
  );

/** /admin/billing/subscriptions: who has which plan; grant, extend or cancel by hand. */
export default function SubscriptionsPage() {
  const { trans, language } = useTrans();
  const plans = useAdminPlans();
  const [granting, setGranting] = useState(false);
  const [extending, setExtending] = useState<AdminSubscription | null>(null);
  const [cancelling, setCancelling] = useState<AdminSubscription | null>(null);

  const columns = useMemo<DataTableColumn<AdminSubscription>[]>(
    () => [
      {
        id: 'user',
        header: trans('User'),
        hideable: false,
        cell: (s) => (
          <Link to={paths.adminUser(s.user)} tabIndex={-1} className="flex flex-col hover:underline">
            <span className="font-medium text-fg">{s.user.name}</span>
            <span className="text-xs text-muted">{s.user.email}</span>
          </Link>
        ),
      },
      {
        id: 'plan',
        header: trans('Plan'),
        cell: (s) => (
          <span className="flex flex-col">
            <span className="text-fg">{s.product_name}</span>
            {s.price && <span className="text-xs text-muted">{priceText(trans, s.price, language)}</span>}
          </span>
        ),
      },
      {
        id: 'status',
        header: trans('Status'),
        cell: (s) => (
          <span className="flex flex-col gap-0.5">
            <Status tone={STATUS_TONES[s.status] ?? 'muted'} code={s.status}>
              {codeText(trans, s.status)}
            </Status>
            {s.cancel_at_period_end && s.valid && (
              <span className="text-xs text-muted">{trans('Ends at period end')}</span>
            )}
          </span>
        ),
      },
      {
        id: 'gateway',
        header: trans('Gateway'),
        cell: (s) => <span title={s.gateway}>{codeText(trans, s.gateway)}</span>,
      },
      {
        id: 'current_period_end',
        header: trans('Period ends'),
        sortKey: 'current_period_end',
        cell: (s) => dateText(s.current_period_end, language),
      },
      {
        id: 'created_at',
        header: trans('Started'),
        sortKey: 'created_at',
        cell: (s) => dateText(s.created_at, language),
      },
      {
        id: 'actions',
        header: trans('Actions'),
        hideable: false,
        cell: (s) =>
          s.active && s.gateway !== 'stripe' ? (
            <span className="flex gap-1">
              <Button
                variant="text"
                size="sm"
                aria-label={trans('Extend the plan of {name}', { name: s.user.name })}
                onPress={() => setExtending(s)}
              >
                {trans('Extend')}
              </Button>
              <Button
                variant="text"
                size="sm"
                aria-label={trans('Cancel the plan of {name}', { name: s.user.name })}
                onPress={() => setCancelling(s)}
              >
                {trans('Cancel')}
              </Button>
            </span>
          ) : null,
      },
    ],
    [trans, language],
  );

  return (
    <AdminListPage
      title={trans('Subscriptions')}
      breadcrumbs={[{ label: trans('Billing') }]}
      description={trans('Who has which plan, until when, and how they pay.')}
      actions={
        <Button onPress={() => setGranting(true)}>
          <Plus aria-hidden className="size-4" />
          {trans('Grant a plan')}
        </Button>
      }
      storageKey="admin-billing-subscriptions"
      columns={columns}
      useList={useAdminSubscriptions}
      filterKeys={FILTERS}
      empty={<p className="text-sm text-muted">{trans('No subscriptions match this filter.')}</p>}
      search={{ label: trans('Search by user') }}
      filters={({ params, setFilter }) => (
        <>
          <FilterSelect
            label={trans('Plan')}
            anyLabel={trans('Any plan')}
            options={(plans.data ?? []).map((p) => ({ id: String(p.id), label: p.name }))}
            value={params.filters.product}
            onChange={(product) => setFilter('product', product)}
          />
          <FilterSelect
            label={trans('Status')}
            anyLabel={trans('Any status')}
            options={SUBSCRIPTION_STATUSES.map((s) => ({ id: s, label: codeText(trans, s) }))}
            value={params.filters.status}
            onChange={(status) => setFilter('status', status)}
          />
          <FilterSelect
            label={trans('Gateway')}
            anyLabel={trans('Any gateway')}
            options={GATEWAYS.map((g) => ({ id: g, label: codeText(trans, g) }))}
            value={params.filters.gateway}
            onChange={(gateway) => setFilter('gateway', gateway)}
          />
        </>
      )}
    >
      {granting && <GrantDialog onClose={() => setGranting(false)} />}
      {extending && (
        <ActionDialog
          title={trans('Extend the plan of {name}', { name: extending.user.name })}
          onClose={() => setExtending(null)}
          withDays
          confirmLabel={trans('Extend')}
          action={(days) => ({ kind: 'extend', id: extending.id, days })}
        />
      )}
      {cancelling && <CancelDialog subscription={cancelling} onClose={() => setCancelling(null)} />}
    </AdminListPage>
  );
}

function GrantDialog({ onClose }: { onClose: () => void }) {
  const { trans } = useTrans();
  const plans = useAdminPlans();
  const manage = useManageSubscription();
  const [userId, setUserId] = useState<number | null>(null);
  const [productId, setProductId] = useState<number | null>(null);
  const [days, setDays] = useState('30');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const submit = () =>
    manage.mutate(
      { kind: 'grant', body: { user_id: userId ?? 0, product_id: productId ?? 0, days: Number(days) } },
      {
        onSuccess: () => {
          toast.positive(trans('Plan granted'));
          onClose();
        },
        onError: (error) => {
          setErrors(errorsOf(error));
          toast.danger(firstErrorMessage(error));
        },
      },
    );
  return (
    <Dialog
      title={trans('Grant a plan')}
      isOpen
      onOpenChange={(open) => !open && onClose()}
      size="md"
      footer={({ close }) => (
        <>
          <Button variant="text" onPress={close}>
            {trans('Cancel')}
          </Button>
          <Button isPending={manage.isPending} onPress={submit}>
            {trans('Grant plan')}
          </Button>
        </>
      )}
    >
      <div className="flex flex-col gap-4">
        <p className="text-sm text-muted">
          {trans(
            'The user gets the plan without paying, for the days you choose; it then ends like a prepaid plan.',
          )}
        </p>
        <UserPicker value={userId} onChange={setUserId} errorMessage={errors.user_id} />
        <Select
          label={trans('Plan')}
          placeholder={trans('Pick a plan')}
          items={(plans.data ?? []).filter((p) => !p.free).map((p) => ({ id: p.id, label: p.name }))}
          selectedKey={productId}
          onSelectionChange={(k) => setProductId(k === null ? null : Number(k))}
          errorMessage={errors.product_id}
        />
        <TextField
          label={trans('Days')}
          inputMode="numeric"
          value={days}
          onChange={setDays}
          errorMessage={errors.days}
        />
      </div>
    </Dialog>
  );
}

function ActionDialog({
  title,
  onClose,
  confirmLabel,
  action,
  withDays,
  children,
}: {
  title: string;
  onClose: () => void;
  confirmLabel: string;
  action: (days: number) => SubscriptionAction;
  withDays?: boolean;
  children?: React.ReactNode;
}) {
  const { trans } = useTrans();
  const manage = useManageSubscription();
  const [days, setDays] = useState('30');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const submit = () =>
    manage.mutate(action(Number(days)), {
      onSuccess: () => {
        toast.positive(trans('Subscription updated'));
        onClose();
      },
      onError: (error) => {
        setErrors(errorsOf(error));
        toast.danger(firstErrorMessage(error));
      },
    });
  const firstError = Object.values(errors)[0];
  return (
    <Dialog
      title={title}
      isOpen
      onOpenChange={(open) => !open && onClose()}
      size="sm"
      footer={({ close }) => (
        <>
          <Button variant="text" onPress={close}>
            {trans('Back')}
          </Button>
          <Button isPending={manage.isPending} onPress={submit}>
            {confirmLabel}
          </Button>
        </>
      )}
    >
      <div className="flex flex-col gap-4">
        {children}
        {withDays ? (
          <TextField
            label={trans('Days to add')}
            inputMode="numeric"
            value={days}
            onChange={setDays}
            errorMessage={firstError}
          />
        ) : (
          firstError && <p className="text-xs font-medium text-danger">{firstError}</p>
        )}
      </div>
    </Dialog>
  );
}

function CancelDialog({ subscription, onClose }: { subscription: AdminSubscription; onClose: () => void }) {
  const { trans } = useTrans();
  const [atPeriodEnd, setAtPeriodEnd] = useState(subscription.status !== 'cancelled');
  return (
    <ActionDialog
      title={trans('Cancel the plan of {name}', { name: subscription.user.name })}
      onClose={onClose}
      confirmLabel={trans('Cancel plan')}
      action={() => ({ kind: 'cancel', id: subscription.id, atPeriodEnd })}
    >
      <Select
        label={trans('When')}
        items={[
          ...(subscription.status !== 'cancelled'
            ? [{ id: 'end', label: trans('At the end of the period (valid until then)') }]
            : []),
          { id: 'now', label: trans('Now (the plan goes at once)') },
        ]}
        selectedKey={atPeriodEnd ? 'end' : 'now'}
        onSelectionChange={(k) => setAtPeriodEnd(k === 'end')}
      />
    </ActionDialog>
  );
}
