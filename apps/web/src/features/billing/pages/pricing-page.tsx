import { useSettings } from '#src/lib/bootstrap-store';
import { useTrans } from '#src/lib/i18n';
import { usePageTitle } from '#src/lib/page-title';
import { useStoredText } from '#src/lib/stored-text';
import { MAIN_CONTENT_ID } from '#src/ui/skip-link';
import { PricingTable } from '../components/pricing-table';

/** `/pricing` (SPEC §2): the plan chooser, titled like the landing page's pricing section. */
export default function PricingPage() {
  const { trans } = useTrans();
  const stored = useStoredText();
  const { landing } = useSettings();
  const title = stored(landing.pricingTitle) || trans('Pricing');
  usePageTitle(trans('Pricing'));
  return (
    <main id={MAIN_CONTENT_ID} className="mx-auto w-full max-w-6xl flex-1 px-4 py-10 sm:px-6 lg:py-16">
      <div className="mx-auto mb-10 max-w-2xl text-center">
        <h1 className="text-balance text-3xl font-extrabold tracking-tight sm:text-4xl">{title}</h1>
        {landing.pricingSubtitle && (
          <p className="mt-4 text-pretty text-base text-muted sm:text-lg">
            {stored(landing.pricingSubtitle)}
          </p>
        )}
      </div>
      <PricingTable headingLevel={2} />
    </main>
  );
}
