import type { LandingAction, LandingAppearance } from '@zema/contracts';
import type { ReactNode } from 'react';
import { useAuth, useSettings } from '#src/lib/bootstrap-store';
import { useTrans } from '#src/lib/i18n';
import { usePageTitle } from '#src/lib/page-title';
import { useStoredText } from '#src/lib/stored-text';
import { type ButtonVariant, LinkButton } from '#src/ui/button';
import { cx } from '#src/ui/cx';
import { MAIN_CONTENT_ID } from '#src/ui/skip-link';
import { TrendingArtists } from '../components/trending-artists';
import { isLandingActionVisible, landingActionLinkProps } from '../lib/landing-action';

interface LandingPageProps {
  /** The site navbar, drawn over the header image. */
  navbar: ReactNode;
  footer: ReactNode;
  /** The pricing section (the billing feature's plan chooser), when pricing and billing are on. */
  pricing?: ReactNode;
}

/**
 * The marketing home for visitors (SPEC §2): header with two calls to action, primary features,
 * alternating secondary features and a closing banner, all from settings.landing so the
 * appearance editor can change every word and image; trending artists when enabled; the pricing
 * section given by the app when pricing and billing are both on. The seeded words read in the
 * reader's language (lib/stored-text.ts); the operator's own are shown as written.
 */
export function LandingPage({ navbar, footer, pricing }: LandingPageProps) {
  const { landing } = useSettings();
  usePageTitle(null, { siteOnly: true });
  return (
    <div className="relative flex min-h-dvh flex-col bg-bg text-fg">
      {/* The transparent navbar floats over the hero, so its banner landmark stays top-level. */}
      {navbar}
      <main id={MAIN_CONTENT_ID} className="flex-1">
        <LandingHero landing={landing} />
        <PrimaryFeatures features={landing.primaryFeatures} />
        <SecondaryFeatures features={landing.secondaryFeatures} />
        {landing.showTrendingArtists && (
          <div data-appearance-section="trending">
            <TrendingArtists />
          </div>
        )}
        {pricing && <div data-appearance-section="pricing">{pricing}</div>}
        <FooterBanner landing={landing} />
      </main>
      {footer}
    </div>
  );
}

function Cta({
  action,
  variant,
  className,
}: {
  action: LandingAction;
  variant: ButtonVariant;
  className?: string;
}) {
  const auth = useAuth();
  const stored = useStoredText();
  if (!isLandingActionVisible(action, auth)) return null;
  return (
    <LinkButton
      {...landingActionLinkProps(action)}
      variant={variant}
      size="lg"
      className={cx('min-w-40', className)}
    >
      {stored(action.label)}
    </LinkButton>
  );
}

function overlay(landing: Pick<LandingAppearance, 'headerOverlayColor1' | 'headerOverlayColor2'>) {
  const from = landing.headerOverlayColor1 ?? 'rgba(0,0,0,0.55)';
  const to = landing.headerOverlayColor2 ?? landing.headerOverlayColor1 ?? 'rgba(0,0,0,0.85)';
  return `linear-gradient(135deg, ${from} 0%, ${to} 100%)`;
}

function LandingHero({ landing }: { landing: LandingAppearance }) {
  const stored = useStoredText();
  const { cta1, cta2 } = landing.actions;
  return (
    <section
      aria-labelledby="landing-title"
      data-appearance-section="header"
      className="relative isolate overflow-hidden bg-[#0c0d10] text-white"
    >
      {landing.headerImage && (
        // The largest thing on a first view (its LCP element): fetched first, never lazily. The server
        // also preloads it from the page's <head> (spa feature).
        <img
          src={landing.headerImage}
          alt=""
          aria-hidden="true"
          fetchPriority="high"
          loading="eager"
          className="absolute inset-0 -z-20 size-full object-cover"
          style={{ opacity: landing.headerImageOpacity }}
        />
      )}
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10"
        style={{ backgroundImage: overlay(landing) }}
      />
      <div className="mx-auto flex min-h-[560px] max-w-5xl flex-col items-center justify-center px-5 pb-20 pt-32 text-center md:min-h-[680px] md:pt-36">
        <h1
          id="landing-title"
          className="max-w-4xl text-balance text-4xl font-extrabold leading-[1.08] tracking-tight sm:text-5xl md:text-6xl lg:text-7xl"
        >
          {stored(landing.headerTitle)}
        </h1>
        {landing.headerSubtitle && (
          <p className="mt-6 max-w-2xl text-pretty text-base leading-relaxed text-white/80 sm:text-lg md:text-xl">
            {stored(landing.headerSubtitle)}
          </p>
        )}
        <div className="mt-10 flex w-full flex-col items-stretch justify-center gap-3 sm:w-auto sm:flex-row sm:items-center">
          <Cta action={cta1} variant="primary" />
          <Cta
            action={cta2}
            variant="outline"
            className="border-white/40 text-white data-hovered:bg-white/10 data-pressed:bg-white/15"
          />
        </div>
      </div>
    </section>
  );
}

function PrimaryFeatures({ features }: { features: LandingAppearance['primaryFeatures'] }) {
  const { trans } = useTrans();
  const stored = useStoredText();
  if (!features.length) return null;
  return (
    <section
      aria-label={trans('Features')}
      data-appearance-section="primary-features"
      className="relative z-10 mx-auto -mt-16 max-w-6xl px-4 sm:px-6"
    >
      <ul className="grid gap-4 sm:gap-6 md:grid-cols-3">
        {features.map((feature) => (
          <li
            key={feature.title}
            className="flex flex-col items-center rounded-2xl border border-divider bg-paper px-6 py-8 text-center shadow-[0_12px_40px_-12px_rgba(0,0,0,0.25)]"
          >
            {feature.image && (
              <img src={feature.image} alt="" aria-hidden="true" className="mb-5 size-16 object-contain" />
            )}
            <h2 className="text-lg font-bold">{stored(feature.title)}</h2>
            <p className="mt-2 text-sm leading-relaxed text-muted">{stored(feature.subtitle)}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}

function SecondaryFeatures({ features }: { features: LandingAppearance['secondaryFeatures'] }) {
  const { trans } = useTrans();
  const stored = useStoredText();
  if (!features.length) return null;
  return (
    <section
      aria-label={trans('More features')}
      data-appearance-section="secondary-features"
      className="mx-auto flex max-w-6xl flex-col gap-20 px-4 py-20 sm:px-6 md:gap-28 md:py-28"
    >
      {features.map((feature, index) => (
        <article
          key={feature.title}
          className={cx(
            'flex flex-col items-center gap-8 md:gap-16',
            index % 2 ? 'md:flex-row-reverse' : 'md:flex-row',
          )}
        >
          {feature.image && (
            <div className="w-full md:w-1/2">
              <img
                src={feature.image}
                alt=""
                aria-hidden="true"
                loading="lazy"
                className="aspect-[4/3] w-full rounded-2xl object-cover shadow-[0_24px_60px_-20px_rgba(0,0,0,0.35)]"
              />
            </div>
          )}
          <div className={cx('w-full', feature.image && 'md:w-1/2')}>
            {feature.subtitle && (
              <p className="text-sm font-semibold uppercase tracking-widest text-primary">
                {stored(feature.subtitle)}
              </p>
            )}
            <h2 className="mt-3 text-balance text-3xl font-bold tracking-tight md:text-4xl">
              {stored(feature.title)}
            </h2>
            <div className="mt-4 h-1 w-12 rounded-full bg-primary" aria-hidden="true" />
            <p className="mt-5 text-pretty text-base leading-relaxed text-muted md:text-lg">
              {stored(feature.description)}
            </p>
          </div>
        </article>
      ))}
    </section>
  );
}

function FooterBanner({ landing }: { landing: LandingAppearance }) {
  const { trans } = useTrans();
  const stored = useStoredText();
  if (!landing.footerTitle && !landing.footerSubtitle) return null;
  return (
    <section
      aria-label={stored(landing.footerTitle) || trans('Get started')}
      data-appearance-section="footer"
      className="px-4 pb-20 sm:px-6"
    >
      <div className="relative isolate mx-auto max-w-6xl overflow-hidden rounded-3xl bg-[#0c0d10] px-6 py-16 text-center text-white md:py-20">
        {landing.footerImage && (
          <img
            src={landing.footerImage}
            alt=""
            aria-hidden="true"
            loading="lazy"
            className="absolute inset-0 -z-20 size-full object-cover opacity-50"
          />
        )}
        <div
          aria-hidden="true"
          className="absolute inset-0 -z-10"
          style={{ backgroundImage: overlay(landing) }}
        />
        {landing.footerTitle && (
          <h2 className="text-balance text-3xl font-extrabold tracking-tight md:text-5xl">
            {stored(landing.footerTitle)}
          </h2>
        )}
        {landing.footerSubtitle && (
          <p className="mx-auto mt-4 max-w-xl text-pretty text-base text-white/80 md:text-lg">
            {stored(landing.footerSubtitle)}
          </p>
        )}
        <div className="mt-8 flex justify-center">
          <Cta action={landing.actions.cta3} variant="primary" />
        </div>
      </div>
    </section>
  );
}
