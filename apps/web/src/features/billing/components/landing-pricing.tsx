import { useSettings } from '#src/lib/bootstrap-store';
import { useTrans } from '#src/lib/i18n';
import { useStoredText } from '#src/lib/stored-text';
import { PricingTable } from './pricing-table';

/**
 * The landing page's pricing section (SPEC §2): shown when pricing and billing are both enabled,
 * with the landing appearance's pricingTitle and pricingSubtitle (the seeded ones in the reader's
 * language).
 */
export default function LandingPricing() {
  const { trans } = useTrans();
  const stored = useStoredText();
  const { landing } = useSettings();
  const title = stored(landing.pricingTitle) || trans('Pricing');
  return (
    <section aria-labelledby="landing-pricing-title" className="mx-auto max-w-6xl px-4 pb-20 sm:px-6">
      <div className="mx-auto mb-10 max-w-2xl text-center">
        <h2 id="landing-pricing-title" className="text-balance text-3xl font-bold tracking-tight md:text-4xl">
          {title}
        </h2>
        {landing.pricingSubtitle && (
          <p className="mt-4 text-pretty text-base text-muted md:text-lg">
            {stored(landing.pricingSubtitle)}
          </p>
        )}
      </div>
      <PricingTable headingLevel={3} />
    </section>
  );
}
