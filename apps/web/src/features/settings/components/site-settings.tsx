import { msg } from '@zema/contracts';
import { AD_SLOTS, type AdminSettingsResponse, type AdSlotName, settingsRules } from '@zema/contracts/admin';
import { useMemo } from 'react';
import { z } from 'zod';
import { AdHtml } from '#src/components/ad-slot';
import { AdminCard } from '#src/components/admin/admin-page';
import { useTrans } from '#src/lib/i18n';
import { Checkbox, FormCheckbox, FormTextField } from '#src/ui/field';
import type { SelectOption } from '#src/ui/select';
import { useSettingChoices } from '../api/get-setting-choices';
import { FormNumberField, FormSelect } from './fields';
import { SettingsForm } from './settings-form';

// ---- Cookie notice ----

const cookieSchema = z.object({ cookie_notice: settingsRules.cookie_notice });
type CookieValues = z.infer<typeof cookieSchema>;
/** The button a ticked box adds, its label in the admin's language (then theirs to edit). */
const DEFAULT_BUTTON = {
  id: 'cookie-notice-learn-more',
  label: msg('Privacy policy'),
  type: 'route' as const,
  action: '/pages/privacy-policy',
  target: null,
};

const POSITIONS: SelectOption[] = [
  { id: 'bottom', label: msg('Bottom of the page') },
  { id: 'top', label: msg('Top of the page') },
];

/** A path is a route inside the app; anything else a link that leaves it. */
const withLinkType = (v: CookieValues): CookieValues => {
  const button = v.cookie_notice.button;
  if (!button) return v;
  return {
    cookie_notice: {
      ...v.cookie_notice,
      button: { ...button, type: button.action.startsWith('/') ? 'route' : 'link' },
    },
  };
};

export function CookieNoticeSettings({ view }: { view: AdminSettingsResponse }) {
  const { trans } = useTrans();
  const positions = POSITIONS.map((p) => ({ ...p, label: trans(p.label) }));
  const toValues = ({ settings: s }: AdminSettingsResponse): CookieValues => ({
    cookie_notice: {
      enable: s.cookie_notice.enable,
      position: s.cookie_notice.position,
      button: s.cookie_notice.button
        ? {
            id: s.cookie_notice.button.id,
            label: s.cookie_notice.button.label,
            type: s.cookie_notice.button.type,
            action: s.cookie_notice.button.action ?? '',
            target: s.cookie_notice.button.target ?? null,
          }
        : null,
    },
  });
  return (
    <SettingsForm
      view={view}
      toValues={toValues}
      schema={cookieSchema}
      keys={['cookie_notice']}
      prepare={withLinkType}
    >
      {(form) => {
        const button = form.watch('cookie_notice.button');
        return (
          <AdminCard title={trans('Cookie notice')}>
            <p className="mb-4 text-sm text-muted">
              {trans('A bar telling visitors the site uses cookies, until they press OK.')}
            </p>
            <div className="flex flex-col gap-4">
              <FormCheckbox<CookieValues> name="cookie_notice.enable">
                {trans('Show the cookie notice')}
              </FormCheckbox>
              <div className="max-w-sm">
                <FormSelect<CookieValues>
                  name="cookie_notice.position"
                  label={trans('Position')}
                  items={positions}
                />
              </div>
              <Checkbox
                isSelected={button !== null}
                onChange={(on) =>
                  form.setValue(
                    'cookie_notice.button',
                    on ? { ...DEFAULT_BUTTON, label: trans(DEFAULT_BUTTON.label) } : null,
                    { shouldDirty: true },
                  )
                }
              >
                {trans('Show a link button beside OK')}
              </Checkbox>
              {button && (
                <div className="grid gap-4 md:grid-cols-2">
                  <FormTextField<CookieValues>
                    name="cookie_notice.button.label"
                    label={trans('Button label')}
                  />
                  <FormTextField<CookieValues>
                    name="cookie_notice.button.action"
                    label={trans('Button link')}
                    description={trans('A path such as /pages/privacy-policy, or an https address.')}
                  />
                </div>
              )}
            </div>
          </AdminCard>
        );
      }}
    </SettingsForm>
  );
}

// ---- Ads ----

const adsSchema = z.object({ ads: settingsRules.ads });
type AdsValues = { ads: Record<AdSlotName, string> };

const AD_LABELS: Record<AdSlotName, { label: string; hint: string }> = {
  general_top: { label: msg('Top of every player page'), hint: msg('At most 150 px high.') },
  general_bottom: { label: msg('Bottom of every player page'), hint: msg('Below the page content.') },
  artist_top: { label: msg('Top of artist pages'), hint: msg('At most 1000 px wide.') },
  artist_bottom: { label: msg('Bottom of artist pages'), hint: msg('At most 430 px wide.') },
  album_above: { label: msg('Above album tracks'), hint: msg('Between the album header and its tracks.') },
};

export function AdsSettings({ view }: { view: AdminSettingsResponse }) {
  const { trans } = useTrans();
  const toValues = ({ settings: s }: AdminSettingsResponse): AdsValues => ({
    ads: Object.fromEntries(AD_SLOTS.map((slot) => [slot, s.ads[slot] ?? ''])) as AdsValues['ads'],
  });
  // An emptied slot shows no ad (null), as on a fresh install.
  const prepare = (v: AdsValues) =>
    ({
      ads: Object.fromEntries(AD_SLOTS.map((slot) => [slot, v.ads[slot].trim() ? v.ads[slot] : null])),
    }) as unknown as AdsValues;
  return (
    <SettingsForm
      view={view}
      toValues={toValues}
      schema={adsSchema as unknown as z.ZodType<AdsValues>}
      keys={AD_SLOTS.map((slot) => `ads.${slot}`)}
      prepare={prepare}
    >
      {(form) => (
        <>
          <p className="text-sm text-muted">
            {trans(
              'HTML for each slot: links, images and text. Scripts, styles and event handlers are removed before an ad is shown.',
            )}
          </p>
          {AD_SLOTS.map((slot) => (
            <AdminCard key={slot} title={trans(AD_LABELS[slot].label)}>
              <div className="grid gap-4 lg:grid-cols-2">
                <FormTextField<AdsValues>
                  name={`ads.${slot}`}
                  // A format's name: not translated.
                  /* i18n-ignore */
                  label="HTML"
                  multiline
                  rows={5}
                  description={trans(AD_LABELS[slot].hint)}
                  inputClassName="font-mono text-xs"
                />
                <div className="flex min-w-0 flex-col">
                  <span className="mb-1.5 text-sm font-medium">{trans('Preview')}</span>
                  <div className="flex min-h-28 items-center justify-center overflow-hidden rounded-theme border border-dashed border-divider bg-bg-alt p-3">
                    <AdPreview slot={slot} html={form.watch(`ads.${slot}`)} />
                  </div>
                </div>
              </div>
            </AdminCard>
          ))}
        </>
      )}
    </SettingsForm>
  );
}

function AdPreview({ slot, html }: { slot: AdSlotName; html: string }) {
  const { trans } = useTrans();
  if (!html.trim()) return <span className="text-sm text-muted">{trans('No ad in this slot.')}</span>;
  return <AdHtml slot={slot} html={html} />;
}

// ---- Player ----

const playerSchema = z.object({ player: settingsRules.player });
type PlayerValues = z.infer<typeof playerSchema>;

export function PlayerSettings({ view }: { view: AdminSettingsResponse }) {
  const { trans } = useTrans();
  const toValues = ({ settings: s }: AdminSettingsResponse): PlayerValues => ({ player: { ...s.player } });
  return (
    <SettingsForm view={view} toValues={toValues} schema={playerSchema} keys={['player']}>
      {() => (
        <AdminCard title={trans('Player')}>
          <div className="flex flex-col gap-5">
            <FormNumberField<PlayerValues>
              name="player.default_volume"
              label={trans('Default volume (0 to 100)')}
              description={trans('Until a listener moves the volume slider.')}
              min={0}
              max={100}
            />
            <FormNumberField<PlayerValues>
              name="player.count_play_after_seconds"
              label={trans('Count a play after (seconds)')}
              description={trans(
                'A track shorter than this counts when it plays to the end. Plays feed trending.',
              )}
              min={1}
              max={600}
            />
            <FormCheckbox<PlayerValues>
              name="player.hide_queue"
              description={trans('Listeners cannot open the queue.')}
            >
              {trans('Hide the queue button')}
            </FormCheckbox>
          </div>
        </AdminCard>
      )}
    </SettingsForm>
  );
}

// ---- Localization ----

const localeSchema = z.object({ i18n: settingsRules.i18n });
type LocaleValues = z.infer<typeof localeSchema>;

export function LocalizationSettings({ view }: { view: AdminSettingsResponse }) {
  const { trans } = useTrans();
  const choices = useSettingChoices();
  const languages = useMemo<SelectOption[]>(() => {
    const list = choices.data?.localizations ?? [];
    const current = view.settings.i18n.default_locale;
    return list.length
      ? list.map((l) => ({ id: l.language, label: l.name, description: l.language }))
      : [{ id: current, label: current }];
  }, [choices.data, view.settings.i18n.default_locale]);
  const toValues = ({ settings: s }: AdminSettingsResponse): LocaleValues => ({ i18n: { ...s.i18n } });
  return (
    <SettingsForm view={view} toValues={toValues} schema={localeSchema} keys={['i18n']}>
      {() => (
        <AdminCard title={trans('Language')}>
          <div className="flex flex-col gap-5">
            <div className="max-w-sm">
              <FormSelect<LocaleValues>
                name="i18n.default_locale"
                label={trans('Default language')}
                description={trans('For visitors and for users who did not choose one.')}
                items={languages}
              />
            </div>
            <FormCheckbox<LocaleValues>
              name="i18n.enable"
              description={trans('A language picker in the footer; users choose theirs in account settings.')}
            >
              {trans('Let people choose their language')}
            </FormCheckbox>
          </div>
        </AdminCard>
      )}
    </SettingsForm>
  );
}

// ---- API ----

const apiSchema = z.object({ api: settingsRules.api });
type ApiValues = z.infer<typeof apiSchema>;

export function ApiSettings({ view }: { view: AdminSettingsResponse }) {
  const { trans } = useTrans();
  const toValues = ({ settings: s }: AdminSettingsResponse): ApiValues => ({ api: { ...s.api } });
  return (
    <SettingsForm view={view} toValues={toValues} schema={apiSchema} keys={['api']}>
      {() => (
        <AdminCard title={trans('API')}>
          <FormCheckbox<ApiValues>
            name="api.integrated"
            description={trans(
              'Personal access tokens in account settings and the API docs page, for people with API access.',
            )}
          >
            {trans('Offer the API')}
          </FormCheckbox>
        </AdminCard>
      )}
    </SettingsForm>
  );
}

// ---- Notifications ----

const notificationsSchema = z.object({
  notifications: settingsRules.notifications,
  notif: settingsRules.notif,
});
type NotificationsValues = z.infer<typeof notificationsSchema>;

export function NotificationsSettings({ view }: { view: AdminSettingsResponse }) {
  const { trans } = useTrans();
  const toValues = ({ settings: s }: AdminSettingsResponse): NotificationsValues => ({
    notifications: { ...s.notifications },
    notif: { subs: { ...s.notif.subs } },
  });
  return (
    <SettingsForm
      view={view}
      toValues={toValues}
      schema={notificationsSchema}
      keys={['notifications.integrated', 'notif.subs.integrated']}
    >
      {() => (
        <AdminCard title={trans('Notifications')}>
          <div className="flex flex-col gap-4">
            <FormCheckbox<NotificationsValues>
              name="notifications.integrated"
              description={trans(
                'The bell, the notifications page, and everything that notifies (invitations, releases, follows). Off: nothing is stored or sent.',
              )}
            >
              {trans('Turn on notifications')}
            </FormCheckbox>
            <FormCheckbox<NotificationsValues>
              name="notif.subs.integrated"
              description={trans(
                'Let people choose, per kind of notification, to also get it by email or as a browser push. Off: in-app only.',
              )}
            >
              {trans('Offer email and browser notifications')}
            </FormCheckbox>
          </div>
        </AdminCard>
      )}
    </SettingsForm>
  );
}
