import { House } from 'lucide-react';
import { Trans, useTrans } from '#src/lib/i18n';
import { usePageTitle } from '#src/lib/page-title';
import { paths } from '#src/lib/paths';
import { LinkButton } from './button';
import { cx } from './cx';
import { MAIN_CONTENT_ID } from './skip-link';

export interface NotFoundPageProps {
  className?: string;
  /** Inside a layout that already has its <main> (the player area): a plain section instead. */
  embedded?: boolean;
}

/** The 404 screen (SPEC §2): an open doorway onto empty space and a way back home. */
export function NotFoundPage({ className, embedded = false }: NotFoundPageProps) {
  const { trans } = useTrans();
  usePageTitle(trans('Page not found'));
  const Root = embedded ? 'section' : 'main';
  return (
    <Root
      id={embedded ? undefined : MAIN_CONTENT_ID}
      className={cx(
        'flex min-h-[calc(100dvh-4rem)] w-full flex-col items-center justify-center gap-8 bg-bg px-6 py-12 text-center text-fg',
        className,
      )}
    >
      <DoorwayIllustration className="h-auto w-full max-w-[300px] sm:max-w-[360px]" />
      <div className="flex max-w-md flex-col items-center gap-6">
        <h1 className="text-2xl font-semibold text-balance sm:text-3xl">
          <Trans message="Looks like you've found the doorway to the great nothing" />
        </h1>
        <LinkButton href={paths.home()} size="lg" startIcon={<House aria-hidden="true" className="size-5" />}>
          <Trans message="Take me there!" />
        </LinkButton>
      </div>
    </Root>
  );
}

const stars: Array<[number, number, number]> = [
  [120, 70, 1.6],
  [150, 112, 1.1],
  [178, 64, 1.3],
  [200, 138, 1.8],
  [132, 168, 1],
  [190, 196, 1.2],
  [142, 220, 1.5],
  [214, 92, 1],
  [168, 246, 1.1],
];

/** Decorative: drawn with theme colours so it follows light and dark themes. */
function DoorwayIllustration({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 360 300" className={className} aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id="nf-void" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#0b1020" />
          <stop offset="1" stopColor="#1b2140" />
        </linearGradient>
        <linearGradient id="nf-spill" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="var(--be-primary)" stopOpacity="0.35" />
          <stop offset="1" stopColor="var(--be-primary)" stopOpacity="0" />
        </linearGradient>
      </defs>
      {/* Floor */}
      <ellipse cx="180" cy="262" rx="150" ry="14" fill="var(--be-divider)" />
      {/* Light falling out of the doorway onto the floor */}
      <path d="M108 258 L252 258 L300 290 L60 290 Z" fill="url(#nf-spill)" />
      {/* Wall and frame */}
      <rect
        x="96"
        y="30"
        width="168"
        height="230"
        rx="6"
        fill="var(--be-background-alt)"
        stroke="var(--be-divider)"
        strokeWidth="4"
      />
      {/* The nothing beyond */}
      <rect x="108" y="42" width="144" height="216" rx="2" fill="url(#nf-void)" />
      {stars.map(([x, y, r]) => (
        <circle key={`${x}-${y}`} cx={x} cy={y} r={r} fill="#ffffff" opacity="0.85" />
      ))}
      <circle cx="222" cy="196" r="16" fill="var(--be-primary)" opacity="0.9" />
      <ellipse
        cx="222"
        cy="196"
        rx="26"
        ry="6"
        fill="none"
        stroke="#ffffff"
        strokeOpacity="0.55"
        strokeWidth="2"
        transform="rotate(-18 222 196)"
      />
      {/* Door swung open towards the viewer */}
      <path
        d="M108 42 L62 22 L62 282 L108 258 Z"
        fill="var(--be-paper)"
        stroke="var(--be-divider)"
        strokeWidth="4"
        strokeLinejoin="round"
      />
      <path d="M72 48 L98 58 L98 130 L72 124 Z" fill="var(--be-hover)" />
      <path d="M72 162 L98 164 L98 236 L72 246 Z" fill="var(--be-hover)" />
      <circle cx="96" cy="152" r="4.5" fill="var(--be-muted)" />
      {/* Doormat */}
      <rect x="140" y="262" width="80" height="8" rx="4" fill="var(--be-muted)" opacity="0.5" />
    </svg>
  );
}
