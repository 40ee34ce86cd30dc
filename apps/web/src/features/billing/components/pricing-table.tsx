import { CURRENCY_LABELS, type Currency, type Price, type Product } from '@zema/contracts';
import { Check } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Label, Radio, RadioGroup } from 'react-aria-components';
import { ErrorState } from '#src/components/states';
import { useAuth } from '#src/lib/bootstrap-store';
import { formatMoney } from '#src/lib/format';
import { type TransFn, useTrans } from '#src/lib/i18n';
import { saveOnboardingChoice } from '#src/lib/onboarding-choice';
import { leadsToPage, paths } from '#src/lib/paths';
import { useStoredText } from '#src/lib/stored-text';
import { LinkButton } from '#src/ui/button';
import { cx } from '#src/ui/cx';
import { Select } from '#src/ui/select';
import { Spinner } from '#src/ui/spinner';
import { usePricing } from '../api/get-products';
import {
  type BillingCycle,
  bestYearlySaving,
  type CurrentPlan,
  currentPlan,
  currentView,
  defaultCurrency,
  displayPrice,
  offeredCurrencies,
  type PlanStanding,
  planStanding,
  planTarget,
  visibleProducts,
} from '../lib/pricing';

export interface PricingTableProps {
  /** The level of each plan's name (the page's title is one above). */
  headingLevel?: 2 | 3;
}

/**
 * The plan chooser of `/pricing` and of the landing page's pricing section (SPEC §2, §4): a
 * monthly/yearly selector with the yearly saving, the currency selector, one card per plan on
 * sale, and a contact-us prompt. A subscriber (Change plan on the billing page leads here) sees
 * their plan marked "Your plan", opened at the currency and cycle they pay, and the others as
 * Upgrade or Downgrade by what they cost per month against theirs.
 */
export function PricingTable({ headingLevel = 2 }: PricingTableProps) {
  const { trans } = useTrans();
  const products = usePricing();
  if (products.isPending)
    return (
      <div className="flex justify-center py-16">
        <Spinner label={trans('Loading plans')} />
      </div>
    );
  if (products.isError) return <ErrorState onRetry={() => void products.refetch()} />;
  return (
    <PricingTableContent
      products={products.data.pagination.data}
      visitorCountry={products.data.visitor_country}
      headingLevel={headingLevel}
    />
  );
}

export function PricingTableContent({
  products: all,
  visitorCountry = null,
  headingLevel = 2,
}: {
  /** Every plan the server lists, hidden ones too (a subscriber may hold one). */
  products: Product[];
  /** Where the server sees the visitor (by IP); a signed-in user's own country wins. */
  visitorCountry?: string | null;
  headingLevel?: 2 | 3;
}) {
  const { trans, language } = useTrans();
  const { user } = useAuth();
  const current = currentPlan(user);
  const products = visibleProducts(all, current?.productId);
  const opening = currentView(all, current);
  const [cycle, setCycle] = useState<BillingCycle>(opening?.cycle ?? 'month');
  const [currency, setCurrency] = useState<Currency>(
    () => opening?.currency ?? defaultCurrency(products, user?.country || visitorCountry),
  );
  const currencies = offeredCurrencies(products);
  const saving = bestYearlySaving(products, currency);

  if (!products.length)
    return <p className="py-12 text-center text-muted">{trans('There are no plans on sale right now.')}</p>;

  return (
    <div className="flex flex-col gap-8">
      <div className="flex flex-col items-center justify-center gap-4 sm:flex-row sm:items-end">
        <RadioGroup
          value={cycle}
          onChange={(value) => setCycle(value as BillingCycle)}
          orientation="horizontal"
          className="flex flex-col items-center gap-1.5 sm:items-start"
        >
          <Label className="text-sm font-medium">{trans('Billing cycle')}</Label>
          <div className="flex h-10 items-center rounded-full border border-divider bg-paper p-1">
            <CycleOption value="month">{trans('Monthly')}</CycleOption>
            <CycleOption value="year">
              {trans('Yearly')}
              {saving !== null && (
                <span className="rounded-full border border-positive px-2 py-0.5 text-xs font-semibold text-fg group-data-selected:border-on-primary group-data-selected:text-on-primary">
                  {trans('Save {percent}%', { percent: saving })}
                </span>
              )}
            </CycleOption>
          </div>
        </RadioGroup>
        {currencies.length > 1 && (
          <Select
            label={trans('Currency')}
            className="w-60"
            selectedKey={currency}
            onSelectionChange={(key) => key && setCurrency(key as Currency)}
            items={currencies.map((c) => ({ id: c, label: trans(CURRENCY_LABELS[c]) }))}
          />
        )}
      </div>

      <ul
        aria-label={trans('Plans')}
        className={cx(
          'mx-auto grid w-full gap-5',
          products.length >= 3 ? 'max-w-6xl md:grid-cols-3' : 'max-w-3xl md:grid-cols-2',
          products.length === 1 && 'max-w-md md:grid-cols-1',
        )}
      >
        {products.map((product) => {
          const price = displayPrice(product, currency, cycle);
          return (
            <PlanCard
              key={product.id}
              product={product}
              price={price}
              standing={standingOf(all, current, product, price, { currency, cycle })}
              isTheirs={current?.productId === product.id}
              headingLevel={headingLevel}
              language={language}
              trans={trans}
            />
          );
        })}
      </ul>

      {leadsToPage(paths.contact()) && (
        <p className="text-center text-sm text-muted">
          {trans('Questions about plans or paying?')}{' '}
          <a href={paths.contact()} className="font-semibold text-primary underline underline-offset-2">
            {trans('Contact us')}
          </a>
        </p>
      )}
    </div>
  );
}

function CycleOption({ value, children }: { value: BillingCycle; children: ReactNode }) {
  return (
    <Radio
      value={value}
      className={cx(
        'group flex h-8 cursor-pointer items-center gap-2 rounded-full px-4 text-sm font-medium text-muted transition-colors',
        'data-hovered:text-fg data-selected:bg-primary data-selected:text-on-primary',
      )}
    >
      {children}
    </Radio>
  );
}

/** A subscriber's standing toward a plan card; null for everyone else (no plan to compare with). */
function standingOf(
  all: Product[],
  current: CurrentPlan | null,
  product: Product,
  price: Price | undefined,
  view: { currency: Currency; cycle: BillingCycle },
): PlanStanding | null {
  if (!current) return null;
  // A card without a price in this view may still be the plan they hold.
  if (!price) return product.id === current.productId ? { kind: 'current' } : null;
  return planStanding(all, current, product, price, view);
}

/** The button's words: SPEC §2's 'Get started' and 'Upgrade' for newcomers; for a subscriber, what the change is. */
function actionLabel(product: Product, standing: PlanStanding | null, trans: TransFn): string {
  switch (standing?.kind) {
    case 'upgrade':
      return trans('Upgrade');
    case 'downgrade':
      return trans('Downgrade');
    case 'switch':
      return standing.interval === 'year' ? trans('Switch to yearly') : trans('Switch to monthly');
    case 'change':
      return trans('Change plan');
    default:
      return product.free ? trans('Get started') : trans('Upgrade');
  }
}

function PlanCard({
  product,
  price,
  standing,
  isTheirs,
  headingLevel,
  language,
  trans,
}: {
  product: Product;
  price: Price | undefined;
  standing: PlanStanding | null;
  /** The plan the user holds (the card may show it at another cycle: a switch, not theirs as is). */
  isTheirs: boolean;
  headingLevel: 2 | 3;
  language: string;
  trans: TransFn;
}) {
  const { user } = useAuth();
  // The example plans' words read in the reader's language; an operator's own as written.
  const stored = useStoredText();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const headingId = `plan-${product.id}-name`;
  const isCurrent = standing?.kind === 'current';
  const target = price && !isCurrent ? planTarget(product, price, user) : null;
  const label = actionLabel(product, standing, trans);
  return (
    <li
      aria-labelledby={headingId}
      data-testid={`plan-${product.id}`}
      className={cx(
        'relative flex flex-col rounded-2xl border bg-paper p-6 shadow-sm',
        product.recommended ? 'border-primary ring-1 ring-primary' : 'border-divider',
      )}
    >
      <div className="flex flex-wrap items-center gap-2">
        <Heading id={headingId} className="text-xl font-bold">
          {stored(product.name)}
        </Heading>
        {product.recommended && (
          <span className="rounded-full bg-primary px-2.5 py-0.5 text-xs font-semibold text-on-primary">
            {trans('Recommended')}
          </span>
        )}
        {isTheirs && (
          <span className="rounded-full border border-divider px-2.5 py-0.5 text-xs font-semibold">
            {trans('Your plan')}
          </span>
        )}
      </div>
      {product.description && <p className="mt-2 text-sm text-muted">{stored(product.description)}</p>}
      <p className="mt-5 flex flex-wrap items-baseline gap-x-1.5" data-testid="plan-price">
        {price ? (
          <>
            <span className="text-3xl font-extrabold tracking-tight">
              {price.amount === 0 ? trans('Free') : formatMoney(price.amount, price.currency, language)}
            </span>
            {price.amount > 0 && (
              <span className="text-sm text-muted">
                {price.interval === 'year' ? trans('per year') : trans('per month')}
              </span>
            )}
          </>
        ) : (
          <span className="text-sm text-muted">{trans('Not available in this currency or cycle')}</span>
        )}
      </p>
      {product.feature_list.length > 0 && (
        <ul className="mt-5 flex flex-1 flex-col gap-2.5 text-sm">
          {product.feature_list.map((feature) => (
            <li key={feature} className="flex items-start gap-2">
              <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
              <span>{stored(feature)}</span>
            </li>
          ))}
        </ul>
      )}
      <div className="mt-6 pt-2">
        {isCurrent ? (
          <LinkButton href={paths.billing()} variant="text" fullWidth>
            {trans('Manage your plan')}
          </LinkButton>
        ) : target && price ? (
          <LinkButton
            href={target.href}
            variant={product.recommended ? 'primary' : 'outline'}
            fullWidth
            aria-label={`${label}: ${stored(product.name)}`}
            onPress={() => {
              if (target.kind === 'register' && target.saveChoice)
                saveOnboardingChoice({ productId: product.id, priceId: price.id });
            }}
          >
            {label}
          </LinkButton>
        ) : null}
      </div>
    </li>
  );
}
