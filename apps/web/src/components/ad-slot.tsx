import { type ClientSettings, PERMISSIONS } from '@zema/contracts';
import { useMemo } from 'react';
import { useAuth, useSettings } from '#src/lib/bootstrap-store';
import { useTrans } from '#src/lib/i18n';
import { cx } from '#src/ui/cx';

const ALLOWED_TAGS = new Set([
  'A',
  'B',
  'BR',
  'DIV',
  'EM',
  'I',
  'IMG',
  'P',
  'PICTURE',
  'SMALL',
  'SOURCE',
  'SPAN',
  'STRONG',
  'U',
]);
const ALLOWED_ATTRS = new Set([
  'href',
  'src',
  'srcset',
  'alt',
  'title',
  'width',
  'height',
  'target',
  'rel',
  'type',
  'media',
]);
const SAFE_URL = /^(https?:|\/(?!\/)|#|mailto:)/i;

/**
 * Ad HTML from the admin settings, reduced to an allow-list of tags and attributes: no scripts,
 * no event handlers, no javascript: URLs, no styles that could cover the page. Ads that need a
 * script tag are out of scope on purpose: a compromised admin setting must not run code here.
 */
export function sanitizeAdHtml(html: string): string {
  if (typeof DOMParser === 'undefined') return '';
  const doc = new DOMParser().parseFromString(`<div>${html}</div>`, 'text/html');
  const root = doc.body.firstElementChild;
  if (!root) return '';
  const walk = (el: Element) => {
    for (const child of [...el.children]) {
      if (!ALLOWED_TAGS.has(child.tagName)) {
        child.remove();
        continue;
      }
      for (const attr of [...child.attributes]) {
        const name = attr.name.toLowerCase();
        const urlAttr = name === 'href' || name === 'src' || name === 'srcset';
        if (!ALLOWED_ATTRS.has(name) || (urlAttr && !SAFE_URL.test(attr.value.trim()))) {
          child.removeAttribute(attr.name);
        }
      }
      if (child.tagName === 'A' && child.getAttribute('target') === '_blank') {
        child.setAttribute('rel', 'noopener noreferrer sponsored');
      }
      walk(child);
    }
  };
  walk(root);
  return root.innerHTML;
}

type AdSlotName = keyof ClientSettings['ads'];

/** SPEC §9 size hints: top ads at most 150 px high, artist top 1000 px wide, artist bottom 430 px. */
const LIMITS: Record<AdSlotName, string> = {
  general_top: 'max-h-[150px]',
  general_bottom: '',
  artist_top: 'max-w-[1000px]',
  artist_bottom: 'max-w-[430px]',
  album_above: '',
};

/**
 * One ad slot from settings (`ads.general_top`, …); nothing when the admin left it empty, or for
 * a user whose plan or role grants `ads.disable` (a paid plan removes the ads).
 */
export function AdSlot({ slot, className }: { slot: AdSlotName; className?: string }) {
  const html = useSettings().ads?.[slot];
  const adFree = useAuth().hasPermission(PERMISSIONS.adsDisable);
  if (adFree) return null;
  return <AdHtml slot={slot} html={html ?? null} className={className} />;
}

/** An ad's HTML as its slot shows it (the settings page previews unsaved HTML with this). */
export function AdHtml({
  slot,
  html,
  className,
}: {
  slot: AdSlotName;
  html: string | null;
  className?: string;
}) {
  const { trans } = useTrans();
  const clean = useMemo(() => (html?.trim() ? sanitizeAdHtml(html) : ''), [html]);
  if (!clean) return null;
  return (
    <aside
      aria-label={trans('Advertisement')}
      data-ad-slot={slot}
      className={cx(
        'mx-auto w-full overflow-hidden [&_img]:max-w-full [&_img]:h-auto',
        LIMITS[slot],
        className,
      )}
      // Sanitised above with an allow-list; see sanitizeAdHtml.
      // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised admin HTML
      dangerouslySetInnerHTML={{ __html: clean }}
    />
  );
}
