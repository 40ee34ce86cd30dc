import { useQuery } from '@tanstack/react-query';
import { ADMIN_PERMISSIONS, msg } from '@zema/contracts';
import type { AppearanceEditorResponse, AppearanceValues } from '@zema/contracts/appearance/appearance-admin';
import { landing } from '@zema/contracts/site/landing.operations';
import { ArrowLeft, History, Monitor, Smartphone, Tablet } from 'lucide-react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Radio, RadioGroup } from 'react-aria-components';
import { Link } from 'react-router';
import { PageError } from '#src/components/states';
import { useAdminCustomPages } from '#src/features/pages';
import { api } from '#src/lib/api-client';
import { ApiError } from '#src/lib/api-error';
import { EDITOR_SOURCE, type EditorMessage, previewMessageOf } from '#src/lib/appearance-editor';
import { useAuth } from '#src/lib/bootstrap-store';
import { useTrans } from '#src/lib/i18n';
import { usePageTitle } from '#src/lib/page-title';
import { paths } from '#src/lib/paths';
import { Button } from '#src/ui/button';
import { cx } from '#src/ui/cx';
import { LoadingPage } from '#src/ui/loading-page';
import { Select } from '#src/ui/select';
import { MAIN_CONTENT_ID } from '#src/ui/skip-link';
import { toast } from '#src/ui/toast';
import {
  useAppearanceEditor,
  useDiscardAppearanceDraft,
  usePublishAppearance,
  useSaveAppearanceDraft,
} from '../api/appearance-editor';
import { CookieNoticeSection } from './sections/cookie-notice-section';
import { CustomCodeSection } from './sections/custom-code-section';
import { GeneralSection } from './sections/general-section';
import { HistoryDialog } from './sections/history-dialog';
import { LandingSection } from './sections/landing-section';
import { MenusSection } from './sections/menus-section';
import type { SectionProps } from './sections/section';
import { ThemesSection } from './sections/themes-section';

const SECTIONS = [
  { id: 'general', label: msg('General'), Component: GeneralSection },
  { id: 'themes', label: msg('Themes'), Component: ThemesSection },
  { id: 'menus', label: msg('Menus'), Component: MenusSection },
  { id: 'landing', label: msg('Landing page'), Component: LandingSection },
  { id: 'cookie-notice', label: msg('Cookie notice'), Component: CookieNoticeSection },
  { id: 'custom-code', label: msg('Custom code'), Component: CustomCodeSection },
] as const;
type SectionId = (typeof SECTIONS)[number]['id'];

const DEVICES = [
  { id: 'desktop', label: msg('Desktop'), width: null, Icon: Monitor },
  { id: 'tablet', label: msg('Tablet'), width: 768, Icon: Tablet },
  { id: 'mobile', label: msg('Mobile (375 px)'), width: 375, Icon: Smartphone },
] as const;

/** Pages the preview can show (with an artist's page and the custom pages, when there are some). */
const ROUTES = [
  { id: '/', label: msg('Landing page') },
  { id: '/discover', label: msg('Player home') },
  { id: '/login', label: msg('Login') },
  { id: '/register', label: msg('Register') },
  { id: '/pricing', label: msg('Pricing') },
];

/** How long the editor waits after the last change before keeping the draft. */
const DRAFT_SAVE_DELAY_MS = 600;

/**
 * The appearance editor (SPEC §1, §4): sections on the side, the site beside them in a same-origin
 * frame that changes as the admin types (the SPEC §4 messages only). Changes are kept as this
 * admin's draft on the server until Publish; visitors never see a draft.
 */
export default function AppearanceEditorPage() {
  const { trans } = useTrans();
  usePageTitle(trans('Appearance'));
  const editor = useAppearanceEditor();
  if (editor.isPending) return <LoadingPage />;
  if (editor.isError) return <PageError error={editor.error} onRetry={() => void editor.refetch()} />;
  return <Editor state={editor.data} />;
}

function Editor({ state }: { state: AppearanceEditorResponse }) {
  const { trans } = useTrans();
  const [values, setValues] = useState<AppearanceValues>(() => state.draft?.values ?? state.published);
  const [hasDraft, setHasDraft] = useState(state.draft !== null);
  const [section, setSection] = useState<SectionId>('general');
  const [device, setDevice] = useState<(typeof DEVICES)[number]['id']>('desktop');
  const [route, setRoute] = useState('/');
  const [historyOpen, setHistoryOpen] = useState(false);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const frame = useRef<HTMLIFrameElement>(null);
  /** The panel's own scrolling area: the only thing that scrolls to a field. */
  const panel = useRef<HTMLDivElement>(null);
  const baseVersion = state.draft?.base_version_id ?? state.version?.id ?? null;
  const [previewThemeId, setPreviewThemeId] = useState<number | null>(
    () => values.themes.default_id ?? values.themes.all[0]?.id ?? null,
  );

  const save = useSaveAppearanceDraft();
  const publish = usePublishAppearance();
  const discard = useDiscardAppearanceDraft();

  /** Posts to the framed site only, with this origin as the explicit target (never '*'). */
  const post = useCallback((message: EditorMessage) => {
    frame.current?.contentWindow?.postMessage({ source: EDITOR_SOURCE, ...message }, window.location.origin);
  }, []);

  // Keep the draft a moment after the last change; the server answers with what it kept (custom
  // HTML sanitised), which is what the preview shows.
  const pending = useRef<ReturnType<typeof setTimeout> | null>(null);
  const saveNow = useCallback(
    async (next: AppearanceValues) => {
      try {
        const { draft } = await save.mutateAsync({ values: next, base_version_id: baseVersion });
        setErrors({});
        setHasDraft(true);
        // The preview shows the custom HTML as the server kept it (sanitised), never as typed.
        post({ type: 'setCustomCode', mode: 'html', value: draft.values.custom_code.html });
        return true;
      } catch (err) {
        if (err instanceof ApiError && err.errors) setErrors(err.errors);
        else toast.danger(err instanceof ApiError ? err.message : trans('Could not keep your changes.'));
        return false;
      }
    },
    [save, baseVersion, post, trans],
  );
  const latest = useRef(values);
  const change = useCallback(
    (update: (v: AppearanceValues) => AppearanceValues, message?: EditorMessage) => {
      setValues((previous) => {
        const next = update(previous);
        latest.current = next;
        post(message ?? { type: 'setValues', values: next });
        if (message) post({ type: 'setValues', values: next });
        if (pending.current) clearTimeout(pending.current);
        pending.current = setTimeout(() => {
          pending.current = null;
          void saveNow(next);
        }, DRAFT_SAVE_DELAY_MS);
        return next;
      });
    },
    [post, saveNow],
  );
  useEffect(() => () => void (pending.current && clearTimeout(pending.current)), []);

  // The whole state again whenever the frame (re)loads a page and says it is listening.
  const sendAll = useCallback(() => {
    const v = latest.current;
    post({ type: 'setValues', values: v });
    if (previewThemeId !== null) post({ type: 'setActiveTheme', themeId: previewThemeId });
    post({ type: 'setCustomCode', mode: 'css', value: v.custom_code.css });
    post({ type: 'setCustomCode', mode: 'html', value: v.custom_code.html });
  }, [post, previewThemeId]);

  const sendAllRef = useRef(sendAll);
  sendAllRef.current = sendAll;

  const showTheme = useCallback(
    (id: number) => {
      setPreviewThemeId(id);
      post({ type: 'setActiveTheme', themeId: id });
    },
    [post],
  );

  const [scrollTarget, setScrollTarget] = useState<{ section: string } | null>(null);
  // A click on a landing section in the preview opens its fields here. Only the panel scrolls to
  // them: the editor keeps its fixed frame (header, sections, preview toolbar stay in view).
  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      const message = previewMessageOf(event, frame.current?.contentWindow ?? null);
      if (!message) return;
      if (message.type === 'ready') {
        sendAllRef.current();
        return;
      }
      setSection('landing');
      setScrollTarget({ section: message.section });
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, []);

  // The landing fields may render a few frames after the section opens (a busy machine, a first
  // open): the panel scrolls once the asked-for group is there, looking each frame for up to 5 s.
  useEffect(() => {
    if (!scrollTarget) return;
    let frame = 0;
    const until = performance.now() + 5_000;
    const scroll = () => {
      const area = panel.current;
      const group = document.getElementById(`landing-${scrollTarget.section}`);
      if (area && group && area.contains(group)) area.scrollTo({ top: offsetWithin(group, area) });
      else if (performance.now() < until) frame = requestAnimationFrame(scroll);
    };
    frame = requestAnimationFrame(scroll);
    return () => cancelAnimationFrame(frame);
  }, [scrollTarget]);

  const onPublish = async () => {
    if (pending.current) {
      clearTimeout(pending.current);
      pending.current = null;
      if (!(await saveNow(latest.current))) return;
    }
    try {
      const next = await publish.mutateAsync(undefined);
      setHasDraft(false);
      setValues(next.published);
      latest.current = next.published;
      toast.positive(trans('Published. Every visitor sees the new appearance.'));
    } catch (err) {
      toast.danger(err instanceof ApiError ? err.message : trans('Could not publish.'));
    }
  };

  const onDiscard = async () => {
    if (pending.current) clearTimeout(pending.current);
    pending.current = null;
    const next = await discard.mutateAsync(undefined);
    setHasDraft(false);
    setErrors({});
    setValues(next.published);
    latest.current = next.published;
    post({ type: 'setValues', values: next.published });
    post({ type: 'setCustomCode', mode: 'css', value: next.published.custom_code.css });
    post({ type: 'setCustomCode', mode: 'html', value: next.published.custom_code.html });
    toast.positive(trans('Your changes were discarded.'));
  };

  const onRestored = (next: AppearanceEditorResponse) => {
    if (!next.draft) {
      setValues(next.published);
      latest.current = next.published;
      post({ type: 'setValues', values: next.published });
    }
    toast.positive(trans('The earlier version is live again.'));
  };

  // An artist's page joins the pages the preview can show (a trending one, as the landing lists).
  const artists = useQuery({
    queryKey: ['landing', 'artists'],
    queryFn: ({ signal }) => api.call(landing.artists, { signal }),
    staleTime: 5 * 60_000,
  });
  const artist = artists.data?.artists[0];
  // The custom pages visitors can open, for an admin who may list them.
  const canListPages = useAuth().hasPermission(ADMIN_PERMISSIONS.customPagesUpdate);
  const customPages = useAdminCustomPages({ perPage: '20', sort: 'title', order: 'asc' }, canListPages);
  const routes = [
    ...ROUTES.map((r) => ({ id: r.id, label: trans(r.label) })),
    ...(artist ? [{ id: paths.artist(artist), label: trans('Artist: {name}', { name: artist.name }) }] : []),
    ...(customPages.data?.data ?? [])
      .filter((p) => !p.hidden)
      .map((p) => ({ id: paths.customPage(p), label: trans('Page: {title}', { title: p.title }) })),
  ];

  const width = DEVICES.find((d) => d.id === device)!.width;
  const Current = SECTIONS.find((s) => s.id === section)!.Component;
  const props: SectionProps = useMemo(
    () => ({ values, change, errors, canEditHtml: state.can_edit_html, previewThemeId, showTheme }),
    [values, change, errors, state.can_edit_html, previewThemeId, showTheme],
  );
  const saving = save.isPending || pending.current !== null;

  return (
    // A fixed frame the size of the screen: only the panel's fields and the preview scroll inside it.
    <div className="flex h-dvh flex-col overflow-hidden bg-bg-alt text-fg md:flex-row">
      <main
        id={MAIN_CONTENT_ID}
        tabIndex={-1}
        aria-label={trans('Appearance editor')}
        className="flex max-h-[55dvh] min-h-0 w-full shrink-0 flex-col border-divider border-b bg-paper outline-none md:max-h-none md:w-96 md:border-r md:border-b-0"
      >
        <header className="flex items-center gap-2 border-divider border-b px-3 py-2">
          <Link
            to={paths.admin()}
            className="inline-flex size-9 items-center justify-center rounded-theme hover:bg-hover"
            aria-label={trans('Back to the admin area')}
          >
            <ArrowLeft aria-hidden="true" className="size-5" />
          </Link>
          <h1 className="min-w-0 flex-1 truncate font-semibold text-base">{trans('Appearance')}</h1>
          <Button variant="text" size="sm" onPress={() => setHistoryOpen(true)}>
            <History aria-hidden="true" className="size-4" />
            {trans('History')}
          </Button>
        </header>
        <nav
          aria-label={trans('Sections')}
          className="flex flex-wrap gap-1 border-divider border-b px-2 py-2"
        >
          {SECTIONS.map((s) => (
            <button
              key={s.id}
              type="button"
              aria-current={section === s.id ? 'page' : undefined}
              onClick={() => setSection(s.id)}
              className={cx(
                'shrink-0 rounded-theme px-3 py-1.5 text-sm',
                section === s.id ? 'bg-primary text-on-primary' : 'text-fg hover:bg-hover',
              )}
            >
              {trans(s.label)}
            </button>
          ))}
        </nav>
        {/* Positioned: what a field hides off screen (a file input, a live region) stays inside
            this scrolling area instead of making the page itself taller. */}
        <div ref={panel} className="relative min-h-0 flex-1 overflow-y-auto px-4 py-4">
          <Current {...props} />
        </div>
        <footer className="flex items-center gap-2 border-divider border-t px-3 py-2">
          <p className="min-w-0 flex-1 text-pretty text-muted text-xs" aria-live="polite">
            {saving
              ? trans('Saving your draft…')
              : hasDraft
                ? trans('Draft saved. Visitors do not see it yet.')
                : trans('No unpublished changes.')}
          </p>
          <Button variant="text" size="sm" isDisabled={!hasDraft || discard.isPending} onPress={onDiscard}>
            {trans('Discard')}
          </Button>
          <Button
            variant="primary"
            size="sm"
            isDisabled={(!hasDraft && !saving) || publish.isPending}
            onPress={onPublish}
          >
            {trans('Publish')}
          </Button>
        </footer>
      </main>
      <section aria-label={trans('Preview')} className="flex min-h-0 min-w-0 flex-1 flex-col">
        <div className="flex flex-wrap items-end gap-3 border-divider border-b bg-paper px-3 py-2">
          <RadioGroup
            aria-label={trans('Preview width')}
            orientation="horizontal"
            value={device}
            onChange={(id) => setDevice(id as typeof device)}
            className="flex gap-1"
          >
            {DEVICES.map((d) => (
              <Radio
                key={d.id}
                value={d.id}
                aria-label={trans(d.label)}
                className={({ isSelected }) =>
                  cx(
                    'inline-flex size-9 cursor-pointer items-center justify-center rounded-theme',
                    isSelected ? 'bg-primary text-on-primary' : 'hover:bg-hover',
                  )
                }
              >
                <d.Icon aria-hidden="true" className="size-4" />
              </Radio>
            ))}
          </RadioGroup>
          <Select
            label={trans('Preview page')}
            className="w-48"
            items={routes.map((r) => ({ id: r.id, label: r.label }))}
            selectedKey={route}
            onSelectionChange={(key) => {
              const to = String(key);
              setRoute(to);
              post({ type: 'navigate', to });
            }}
          />
        </div>
        <div className="relative flex min-h-0 flex-1 justify-center overflow-auto p-3">
          <iframe
            ref={frame}
            title={trans('Site preview')}
            src="/?appearanceEditor=true"
            className="h-full rounded-theme border border-divider bg-bg shadow-sm"
            style={{ width: width ?? '100%', maxWidth: '100%' }}
          />
        </div>
      </section>
      <HistoryDialog isOpen={historyOpen} onOpenChange={setHistoryOpen} onRestored={onRestored} />
    </div>
  );
}

/** How far below the top of `area`'s content `element` sits (whatever `area` has scrolled). */
function offsetWithin(element: HTMLElement, area: HTMLElement): number {
  return element.getBoundingClientRect().top - area.getBoundingClientRect().top + area.scrollTop;
}
