import type { AdminPlan, AdminPrice, Grant, PriceRequest } from '@zema/contracts/admin';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { AdminCard, AdminPage } from '#src/components/admin/admin-page';
import { PermissionsEditor } from '#src/components/admin/permissions-editor';
import { UnsavedChangesDialog } from '#src/components/admin/unsaved-changes-dialog';
import { PageError } from '#src/components/states';
import { firstErrorMessage } from '#src/lib/api-error';
import { useTrans } from '#src/lib/i18n';
import { paths } from '#src/lib/paths';
import { useUnsavedChangesBlocker } from '#src/lib/unsaved-changes';
import { Button } from '#src/ui/button';
import { ConfirmDialog } from '#src/ui/confirm-dialog';
import { Checkbox, TextField } from '#src/ui/field';
import { LoadingPage } from '#src/ui/loading-page';
import { SaveBar } from '#src/ui/save-bar';
import { toast } from '#src/ui/toast';
import { useChangePrice } from '../api/change-price';
import { useDeletePlan } from '../api/delete-plan';
import { useAdminPlan } from '../api/get-plan';
import { useSavePlan } from '../api/save-plan';
import { dateText, priceText } from '../components/billing-format';
import { PriceDialog } from '../components/price-dialog';

const errorsOf = (error: unknown) =>
  Object.fromEntries(
    Object.entries((error as { errors?: Record<string, string[]> }).errors ?? {}).map(([k, v]) => [
      k,
      v[0] ?? '',
    ]),
  );

/** /admin/billing/plans/new and /admin/billing/plans/:planId: a plan, its prices and permissions. */
export default function PlanPage() {
  const param = useParams().planId;
  const id = param === undefined || param === 'new' ? null : Number(param);
  const plan = useAdminPlan(id);
  if (id !== null && plan.isPending) return <LoadingPage />;
  if (id !== null && plan.isError) return <PageError error={plan.error} onRetry={() => plan.refetch()} />;
  return <PlanEditor key={id ?? 'new'} plan={plan.data ?? null} />;
}

function PlanEditor({ plan }: { plan: AdminPlan | null }) {
  const { trans } = useTrans();
  const navigate = useNavigate();
  const save = useSavePlan();
  const del = useDeletePlan();
  const [name, setName] = useState(plan?.name ?? '');
  const [description, setDescription] = useState(plan?.description ?? '');
  const [features, setFeatures] = useState((plan?.feature_list ?? []).join('\n'));
  const [hidden, setHidden] = useState(plan?.hidden ?? false);
  const [recommended, setRecommended] = useState(plan?.recommended ?? false);
  const [free, setFree] = useState(plan?.free ?? false);
  const [trialDays, setTrialDays] = useState(String(plan?.trial_days ?? 0));
  const [position, setPosition] = useState(String(plan?.position ?? 0));
  const [grants, setGrants] = useState<Grant[]>(plan?.permissions ?? []);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [deleting, setDeleting] = useState(false);
  const current = [name, description, features, hidden, recommended, free, trialDays, position, grants];
  const initial = JSON.stringify([
    plan?.name ?? '',
    plan?.description ?? '',
    (plan?.feature_list ?? []).join('\n'),
    plan?.hidden ?? false,
    plan?.recommended ?? false,
    plan?.free ?? false,
    String(plan?.trial_days ?? 0),
    String(plan?.position ?? 0),
    plan?.permissions ?? [],
  ]);
  const dirty = JSON.stringify(current) !== initial;
  const blocker = useUnsavedChangesBlocker(dirty && !save.isPending);

  const submit = () =>
    save.mutate(
      {
        id: plan?.id ?? null,
        body: {
          name,
          description: description.trim() || null,
          feature_list: features
            .split('\n')
            .map((f) => f.trim())
            .filter(Boolean),
          hidden,
          recommended,
          free,
          trial_days: Number(trialDays) || 0,
          position: Number(position) || 0,
          permissions: grants,
        },
      },
      {
        onSuccess: (saved) => {
          toast.positive(plan ? trans('Plan saved') : trans('Plan created'));
          setErrors({});
          if (!plan) navigate(paths.adminBillingPlan(saved), { replace: true });
        },
        onError: (error) => {
          setErrors(errorsOf(error));
          toast.danger(firstErrorMessage(error));
        },
      },
    );

  return (
    <AdminPage
      title={plan ? plan.name : trans('New plan')}
      breadcrumbs={[{ label: trans('Plans'), to: paths.adminBillingPlans() }]}
      actions={
        plan &&
        !plan.free && (
          <Button variant="danger" onPress={() => setDeleting(true)}>
            {trans('Delete plan')}
          </Button>
        )
      }
    >
      <AdminCard title={trans('Plan')}>
        <div className="grid gap-4 md:grid-cols-2">
          <TextField
            label={trans('Name')}
            value={name}
            onChange={setName}
            isRequired
            errorMessage={errors.name}
          />
          <TextField
            label={trans('Description')}
            value={description}
            onChange={setDescription}
            errorMessage={errors.description}
          />
          <TextField
            label={trans('Features')}
            description={trans('One per line, as the pricing page lists them.')}
            multiline
            rows={4}
            value={features}
            onChange={setFeatures}
            errorMessage={errors.feature_list}
          />
          <div className="grid grid-cols-2 content-start gap-4">
            <TextField
              label={trans('Trial days')}
              inputMode="numeric"
              value={trialDays}
              onChange={setTrialDays}
              errorMessage={errors.trial_days}
            />
            <TextField
              label={trans('Position')}
              inputMode="numeric"
              value={position}
              onChange={setPosition}
              errorMessage={errors.position}
            />
          </div>
        </div>
        <div className="mt-4 flex flex-col gap-2">
          <Checkbox isSelected={recommended} onChange={setRecommended}>
            {trans('Recommended (a badge on the pricing page)')}
          </Checkbox>
          <Checkbox isSelected={hidden} onChange={setHidden}>
            {trans('Hidden from the pricing page (still valid for who has it)')}
          </Checkbox>
          <Checkbox isSelected={free} onChange={setFree} isDisabled={plan?.free}>
            {trans('The free plan: what everyone without a subscription gets (only one plan is free)')}
          </Checkbox>
          {errors.free && <p className="text-xs font-medium text-danger">{errors.free}</p>}
        </div>
      </AdminCard>
      {plan && <Prices plan={plan} />}
      <AdminCard title={trans('Permissions')}>
        <p className="mb-4 text-sm text-muted">
          {trans("What this plan unlocks, added to the user's own and their roles' permissions.")}
        </p>
        <PermissionsEditor value={grants} onChange={setGrants} />
      </AdminCard>
      <SaveBar
        isDirty={dirty}
        isSaving={save.isPending}
        saveLabel={plan ? trans('Save plan') : trans('Create plan')}
        onSave={submit}
        isSaveDisabled={!dirty || !name.trim()}
        onDiscard={() => navigate(0)}
      />
      <UnsavedChangesDialog blocker={blocker} />
      {plan && (
        <ConfirmDialog
          isOpen={deleting}
          onOpenChange={setDeleting}
          title={trans('Delete the plan {name}?', { name: plan.name })}
          confirmLabel={trans('Delete plan')}
          danger
          isPending={del.isPending}
          onConfirm={() =>
            del.mutate(plan.id, {
              onSuccess: () => {
                toast.positive(trans('Plan deleted'));
                navigate(paths.adminBillingPlans());
              },
              onError: (error) => {
                setDeleting(false);
                toast.danger(firstErrorMessage(error));
              },
            })
          }
        >
          {trans('Only a plan nobody has bought can be deleted; hide it otherwise. This cannot be undone.')}
        </ConfirmDialog>
      )}
    </AdminPage>
  );
}

function Prices({ plan }: { plan: AdminPlan }) {
  const { trans, language } = useTrans();
  const change = useChangePrice();
  const [editing, setEditing] = useState<AdminPrice | 'new' | null>(null);
  const [archiving, setArchiving] = useState<AdminPrice | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const onSale = plan.prices.filter((p) => !p.archived_at);
  const archived = plan.prices.filter((p) => p.archived_at);

  const submit = (body: PriceRequest) => {
    const target = editing === 'new' || editing === null ? null : editing;
    change.mutate(
      target
        ? { kind: 'update', planId: plan.id, priceId: target.id, body }
        : { kind: 'add', planId: plan.id, body },
      {
        onSuccess: (res) => {
          toast.positive(
            res.replaced ? trans('Price replaced: the old one is archived') : trans('Price saved'),
          );
          setErrors({});
          setEditing(null);
        },
        onError: (error) => {
          setErrors(errorsOf(error));
          toast.danger(firstErrorMessage(error));
        },
      },
    );
  };

  return (
    <AdminCard
      title={trans('Prices')}
      actions={
        <Button variant="outline" size="sm" onPress={() => setEditing('new')}>
          <Plus aria-hidden className="size-4" />
          {trans('Add price')}
        </Button>
      }
    >
      <ul className="flex flex-col divide-y divide-divider" aria-label={trans('Prices on sale')}>
        {onSale.length === 0 && <li className="py-2 text-sm text-muted">{trans('No prices on sale')}</li>}
        {onSale.map((p) => (
          <li key={p.id} className="flex flex-wrap items-center gap-2 py-2" data-testid="price-on-sale">
            <span className="font-medium text-fg">{priceText(trans, p, language)}</span>
            <span className="text-xs text-muted">
              {trans('{subs} subscriptions, {payments} payments', {
                subs: p.subscriptions_count,
                payments: p.payments_count,
              })}
            </span>
            <span className="ms-auto flex gap-1">
              <Button
                variant="text"
                size="sm"
                aria-label={trans('Change {price}', { price: priceText(trans, p, language) })}
                onPress={() => setEditing(p)}
              >
                {trans('Change')}
              </Button>
              <Button
                variant="text"
                size="sm"
                aria-label={trans('Stop selling {price}', { price: priceText(trans, p, language) })}
                onPress={() => setArchiving(p)}
              >
                {trans('Stop selling')}
              </Button>
            </span>
          </li>
        ))}
      </ul>
      {archived.length > 0 && (
        <>
          <h3 className="mt-6 mb-2 text-sm font-semibold text-fg">{trans('Archived prices')}</h3>
          <ul className="flex flex-col divide-y divide-divider" aria-label={trans('Archived prices')}>
            {archived.map((p) => (
              <li
                key={p.id}
                className="flex flex-wrap items-center gap-2 py-2 text-sm"
                data-testid="price-archived"
              >
                <span className="text-fg">{priceText(trans, p, language)}</span>
                <span className="text-xs text-muted">
                  {trans('Archived {date} · still honoured for {subs} subscriptions', {
                    date: dateText(p.archived_at, language),
                    subs: p.subscriptions_count,
                  })}
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
      {editing !== null && (
        <PriceDialog
          key={editing === 'new' ? 'new' : editing.id}
          price={editing === 'new' ? null : editing}
          isOpen
          onOpenChange={(open) => {
            if (!open) {
              setEditing(null);
              setErrors({});
            }
          }}
          onSubmit={submit}
          isPending={change.isPending}
          errors={errors}
        />
      )}
      <ConfirmDialog
        isOpen={archiving !== null}
        onOpenChange={(open) => !open && setArchiving(null)}
        title={trans('Stop selling this price?')}
        confirmLabel={trans('Stop selling')}
        isPending={change.isPending}
        onConfirm={() =>
          archiving &&
          change.mutate(
            { kind: 'archive', planId: plan.id, priceId: archiving.id },
            {
              onSuccess: () => {
                toast.positive(trans('Price no longer sold'));
                setArchiving(null);
              },
              onError: (error) => toast.danger(firstErrorMessage(error)),
            },
          )
        }
      >
        {trans('Who bought it keeps it; it is no longer offered. A price nobody bought is deleted.')}
      </ConfirmDialog>
    </AdminCard>
  );
}
