import { msg } from '@zema/contracts';
import { type AdminSettingsResponse, SETTINGS_GROUPS, type SettingsGroup } from '@zema/contracts/admin';
import type { ComponentType } from 'react';
import { Navigate, NavLink, useParams } from 'react-router';
import { AdminPage } from '#src/components/admin/admin-page';
import { PageError } from '#src/components/states';
import { useTrans } from '#src/lib/i18n';
import { paths } from '#src/lib/paths';
import { cx } from '#src/ui/cx';
import { LoadingPage } from '#src/ui/loading-page';
import { useAdminSettings } from '../api/get-settings';
import { AuthenticationSettings } from '../components/authentication-settings';
import { BillingSettings } from '../components/billing-settings';
import { GeneralSettings } from '../components/general-settings';
import { MailSettings } from '../components/mail-settings';
import {
  AdsSettings,
  ApiSettings,
  CookieNoticeSettings,
  LocalizationSettings,
  NotificationsSettings,
  PlayerSettings,
} from '../components/site-settings';
import { UploadSettingsForm } from '../components/upload-settings';

type Group = {
  label: string;
  /** The page's title (and the document's). */
  title: string;
  description: string;
  Component: ComponentType<{ view: AdminSettingsResponse }>;
};

const GROUPS: Record<SettingsGroup, Group> = {
  general: {
    label: msg('General'),
    title: msg('General settings'),
    description: msg('Site name, homepage, time zone and date format.'),
    Component: GeneralSettings,
  },
  authentication: {
    label: msg('Authentication'),
    title: msg('Authentication settings'),
    description: msg('Registration, policies, social login and human verification.'),
    Component: AuthenticationSettings,
  },
  mail: {
    label: msg('Mail'),
    title: msg('Mail settings'),
    description: msg('Who mail comes from, a test mail, and where contact messages go.'),
    Component: MailSettings,
  },
  'cookie-notice': {
    label: msg('Cookie notice'),
    title: msg('Cookie notice settings'),
    description: msg('The bar that tells visitors about cookies.'),
    Component: CookieNoticeSettings,
  },
  ads: {
    label: msg('Ads'),
    title: msg('Ads settings'),
    description: msg('HTML for the five ad slots of the player.'),
    Component: AdsSettings,
  },
  player: {
    label: msg('Player'),
    title: msg('Player settings'),
    description: msg('Volume, play counting and buttons.'),
    Component: PlayerSettings,
  },
  localization: {
    label: msg('Localization'),
    title: msg('Localization settings'),
    description: msg('The default language.'),
    Component: LocalizationSettings,
  },
  api: {
    label: msg('API'),
    title: msg('API settings'),
    description: msg('Access tokens and API docs.'),
    Component: ApiSettings,
  },
  notifications: {
    label: msg('Notifications'),
    title: msg('Notifications settings'),
    description: msg('The bell and notifications page, and email and browser push.'),
    Component: NotificationsSettings,
  },
  uploads: {
    label: msg('Uploads'),
    title: msg('Uploads settings'),
    description: msg('File sizes, allowed types, chunked and direct uploads.'),
    Component: UploadSettingsForm,
  },
  billing: {
    label: msg('Billing'),
    title: msg('Billing settings'),
    description: msg('Paid plans, VAT, invoices, and the Chapa and Stripe keys.'),
    Component: BillingSettings,
  },
};

const isGroup = (value: string | undefined): value is SettingsGroup =>
  (SETTINGS_GROUPS as readonly string[]).includes(value ?? '');

/**
 * /admin/settings/:group: one form per group, each saved on its own. Every saved
 * change is in effect at once: the server drops its cached settings on every instance.
 */
export default function SettingsPage() {
  const { group } = useParams();
  const { trans } = useTrans();
  const view = useAdminSettings();
  if (!isGroup(group)) return <Navigate to={paths.adminSettings('general')} replace />;
  const { title, description, Component } = GROUPS[group];
  return (
    <AdminPage
      title={trans(title)}
      breadcrumbs={[{ label: trans('Settings'), to: paths.adminSettings('general') }]}
      description={trans(description)}
    >
      <div className="flex flex-col gap-6 lg:flex-row lg:items-start">
        <nav aria-label={trans('Settings')} className="lg:sticky lg:top-20 lg:w-52 lg:shrink-0">
          <ul className="-mx-1 flex gap-1 overflow-x-auto px-1 pb-1 lg:flex-col lg:overflow-visible">
            {SETTINGS_GROUPS.map((g) => (
              <li key={g} className="shrink-0">
                <NavLink
                  to={paths.adminSettings(g)}
                  className={({ isActive }) =>
                    cx(
                      'block whitespace-nowrap rounded-theme px-3 py-2 text-sm font-medium outline-none focus-visible:ring-2 focus-visible:ring-primary',
                      isActive
                        ? 'bg-primary/15 font-semibold text-fg'
                        : 'text-muted hover:bg-hover hover:text-fg',
                    )
                  }
                >
                  {trans(GROUPS[g].label)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="min-w-0 flex-1">
          {view.isPending ? (
            <LoadingPage />
          ) : view.isError ? (
            <PageError error={view.error} onRetry={() => view.refetch()} />
          ) : (
            // A group's form starts from the settings as loaded when it opens.
            <Component key={group} view={view.data} />
          )}
        </div>
      </div>
    </AdminPage>
  );
}
