import { msg, SOCIAL_SERVICES, type SocialService } from '@zema/contracts';
import {
  type AdminServerSettings,
  type AdminSettingsResponse,
  serverSettingsRules,
  settingsRules,
} from '@zema/contracts/admin';
import { asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { invalidInput, UpstreamError } from '#src/lib/errors';
import { type Actor, audit } from '#src/modules/audit/index';
import {
  billingSettings,
  gatewayIdFor,
  isBillingSecretKey,
  sealSettingSecret,
} from '#src/modules/billing/index';
import { channels } from '#src/modules/catalogue/tables';
import { firstAdminEmail } from '#src/modules/contact/tables';
import { localizations } from '#src/modules/localization/tables';
import type { Deps } from '#src/platform/deps';
import { getPath, SERVER_SETTINGS_PREFIX } from './settings.service';

export const SETTINGS_MESSAGES = {
  testMailSent: msg('Email sent'),
  unknown: msg('Unknown setting.'),
  channel: msg('There is no channel with this address.'),
  locale: msg('Choose a language from the list.'),
  mailFailed: 'The mail could not be sent: ',
} as const;

/** Channels offered as the homepage; admins curate a handful, this bound only guards the page. */
const CHANNEL_CHOICES = 500;

const SOCIAL_ENV: Record<SocialService, string> = {
  google: 'GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET',
  facebook: 'FACEBOOK_CLIENT_ID and FACEBOOK_CLIENT_SECRET',
  twitter: 'TWITTER_CLIENT_ID and TWITTER_CLIENT_SECRET',
  envato: 'ENVATO_CLIENT_ID and ENVATO_CLIENT_SECRET',
};

const setInEnv = (names: string) => `Set in the environment (${names}); change it there.`;

const str = (value: unknown) => (typeof value === 'string' && value ? value : null);

/** MAIL_URL without its credentials, or where the outbox is. */
function describeTransport(deps: Deps): AdminServerSettings['mail']['transport'] {
  const { mailer } = deps.mail;
  if (mailer.kind === 'outbox') {
    return { kind: 'outbox', detail: `Each mail is written as an .eml file to ${mailer.outboxDir}` };
  }
  try {
    const url = new URL(deps.config.mailUrl ?? '');
    return { kind: 'smtp', detail: `${url.protocol}//${url.hostname}${url.port ? `:${url.port}` : ''}` };
  } catch {
    return { kind: 'smtp', detail: 'SMTP (MAIL_URL)' };
  }
}

/** The admin's view: client settings, server-only ones with every secret as `{set}`, and choices. */
export async function adminSettingsView(deps: Deps): Promise<AdminSettingsResponse> {
  const { config } = deps;
  const [settings, server, channelRows, firstAdmin] = await Promise.all([
    deps.settings.getClientSettings(),
    deps.settings.getServerSettings(),
    deps.db
      .select({ slug: channels.slug, name: channels.name })
      .from(channels)
      .orderBy(asc(channels.name))
      .limit(CHANNEL_CHOICES),
    firstAdminEmail(deps.db),
  ]);
  const social = Object.fromEntries(
    SOCIAL_SERVICES.map((s) => {
      const env = config.social[s];
      return [
        s,
        {
          client_id: env ? env.clientId : str(server[`server.social.${s}.client_id`]),
          client_secret: { set: Boolean(env) || Boolean(str(server[`server.social.${s}.client_secret`])) },
          env: Boolean(env),
          callback_url: `${config.appUrl}/secure/auth/social/${s}/callback`,
        },
      ];
    }),
  ) as AdminServerSettings['social'];
  const billing = await billingSettings(deps);
  const secretState = (s: { value: string | null; unreadable: boolean }) => ({
    set: Boolean(s.value),
    unreadable: s.unreadable,
  });
  return {
    settings,
    server: {
      social,
      human_verification: {
        secret: { set: Boolean(await deps.settings.humanVerificationSecret()) },
        env: Boolean(config.humanVerification.secret),
      },
      billing: {
        vat_rate_bp: billing.vatRateBp,
        invoice_prefix: billing.invoicePrefix,
        seller_name: billing.sellerName,
        invoice_address: billing.invoiceAddress,
        invoice_notes: billing.invoiceNotes,
        seller_tin: billing.sellerTin,
        grace_days: billing.graceDays,
        reminder_days: billing.reminderDays,
        chapa: {
          secret_key: secretState(billing.chapa.secretKey),
          webhook_secret: secretState(billing.chapa.webhookSecret),
          usd: billing.chapa.usd,
          webhook_url: `${config.appUrl}/api/v1/billing/webhooks/chapa`,
        },
        stripe: {
          secret_key: secretState(billing.stripe.secretKey),
          webhook_secret: secretState(billing.stripe.webhookSecret),
          publishable_key: billing.stripe.publishableKey,
          webhook_url: `${config.appUrl}/api/v1/billing/webhooks/stripe`,
        },
        gateways: { ETB: gatewayIdFor(billing, 'ETB'), USD: gatewayIdFor(billing, 'USD') },
      },
      mail: {
        from_name: str(server['server.mail.from_name']),
        from_address: str(server['server.mail.from_address']),
        env_from: config.mailFrom ?? null,
        effective_from: await deps.mail.from(settings.site_name),
        transport: describeTransport(deps),
      },
      contact: {
        address: str(server['server.contact.address']),
        default_address: firstAdmin ?? config.adminEmail,
      },
    },
    channels: channelRows,
  };
}

function addIssues(
  errors: Record<string, string[]>,
  prefix: string,
  issues: readonly { path: PropertyKey[]; message: string }[],
) {
  for (const issue of issues) {
    const field = [prefix, ...issue.path.map(String)].filter(Boolean).join('.');
    errors[field] = [...(errors[field] ?? []), issue.message];
  }
}

/** Why the environment keeps `key` from being set here, or null. */
function envOwner(deps: Deps, key: string): string | null {
  const social = /^server\.social\.([a-z]+)\./.exec(key)?.[1] as SocialService | undefined;
  if (social && deps.config.social[social]) return setInEnv(SOCIAL_ENV[social]);
  if (key === 'server.human_verification.secret' && deps.config.humanVerification.secret) {
    return setInEnv('HUMAN_VERIFICATION_SECRET');
  }
  if (key.startsWith('server.mail.') && deps.config.mailFrom) return setInEnv('MAIL_FROM');
  return null;
}

/** A write touches a rule's subtree when one of the two paths contains the other. */
const touches = (key: string, path: string) =>
  key === path || key.startsWith(`${path}.`) || path.startsWith(`${key}.`);

/**
 * Applies `{'dotted.key': value}` pairs, all or nothing: every pair is checked (shape, the admin
 * rules, the environment's precedence, channels and languages that must exist) before any is
 * stored, and a bad one answers 422 with SPEC §8 field errors. What changed is stored in one
 * transaction with its audit entry (secrets redacted there), and the cached settings are dropped
 * on every instance, so bootstrap data shows the change at once.
 */
export async function updateSettings(
  deps: Deps,
  actor: Actor,
  patch: Record<string, unknown>,
): Promise<AdminSettingsResponse> {
  const errors: Record<string, string[]> = {};
  const serverPairs: [string, unknown][] = [];
  const clientPairs: [string, unknown][] = [];

  for (const [key, value] of Object.entries(patch)) {
    if (!key.startsWith(SERVER_SETTINGS_PREFIX)) {
      clientPairs.push([key, value]);
      continue;
    }
    const rule = serverSettingsRules[key];
    if (!rule) {
      errors[key] = [SETTINGS_MESSAGES.unknown];
      continue;
    }
    const owner = envOwner(deps, key);
    if (owner) {
      errors[key] = [owner];
      continue;
    }
    const parsed = rule.safeParse(value);
    if (!parsed.success) addIssues(errors, key, parsed.error.issues);
    // An emptied field removes the value; a gateway key is stored sealed, never as typed.
    else if (isBillingSecretKey(key) && typeof parsed.data === 'string' && parsed.data)
      serverPairs.push([key, await sealSettingSecret(deps, parsed.data)]);
    else serverPairs.push([key, parsed.data === '' ? null : parsed.data]);
  }

  Object.assign(errors, await deps.settings.check(clientPairs));
  const next = Object.keys(errors).length ? null : await deps.settings.preview(clientPairs);
  if (next) {
    for (const [path, schema] of Object.entries(settingsRules) as [string, z.ZodType][]) {
      if (!clientPairs.some(([key]) => touches(key, path))) continue;
      const parsed = schema.safeParse(getPath(next, path));
      if (!parsed.success) addIssues(errors, path, parsed.error.issues);
    }
    if (clientPairs.some(([key]) => touches(key, 'homepage')) && next.homepage.type === 'channel') {
      const [channel] = await deps.db
        .select({ id: channels.id })
        .from(channels)
        .where(eq(channels.slug, next.homepage.value ?? ''));
      if (!channel) errors['homepage.value'] = [SETTINGS_MESSAGES.channel];
    }
    if (clientPairs.some(([key]) => touches(key, 'i18n.default_locale'))) {
      const [locale] = await deps.db
        .select({ id: localizations.id })
        .from(localizations)
        .where(eq(localizations.language, next.i18n.default_locale));
      if (!locale) errors['i18n.default_locale'] = [SETTINGS_MESSAGES.locale];
    }
  }
  if (Object.keys(errors).length || !next) throw invalidInput(errors);

  // Only what really changes is stored and audited: a form may send values it did not touch.
  const current = await deps.settings.getClientSettings();
  const server = await deps.settings.getServerSettings();
  const before: Record<string, unknown> = {};
  const after: Record<string, unknown> = {};
  const changed: [string, unknown][] = [];
  for (const [key, value] of clientPairs) {
    const was = getPath(current, key) ?? null;
    const now = getPath(next, key) ?? null;
    if (JSON.stringify(was) === JSON.stringify(now)) continue;
    before[key] = was;
    after[key] = now;
    changed.push([key, value]);
  }
  for (const [key, value] of serverPairs) {
    const was = server[key] ?? null;
    if (JSON.stringify(was) === JSON.stringify(value)) continue;
    before[key] = was;
    after[key] = value;
    changed.push([key, value]);
  }
  if (changed.length) {
    const keys = changed.map(([key]) => key);
    await deps.settings.write(changed, (tx) =>
      audit(tx, actor, {
        action: 'settings.update',
        target: { type: 'settings', id: keys[0]!.split('.')[0]!, label: keys.join(', ').slice(0, 200) },
        before,
        after,
      }),
    );
  }
  return adminSettingsView(deps);
}

/** Sends a test mail through the real transport and waits for it, so a failure is shown. */
export async function sendTestMail(deps: Deps, actor: Actor & { user: { email: string } }, to?: string) {
  const recipient = to ?? actor.user.email;
  try {
    await deps.mail.sendTest(recipient);
  } catch (err) {
    deps.log.warn({ err }, 'test mail failed');
    const reason = err instanceof Error ? err.message : String(err);
    throw new UpstreamError(`${SETTINGS_MESSAGES.mailFailed}${reason}`.slice(0, 500), {
      to: [`${SETTINGS_MESSAGES.mailFailed}${reason}`.slice(0, 500)],
    });
  }
  await audit(deps.db, actor, {
    action: 'settings.test_mail',
    target: { type: 'mail', id: recipient, label: recipient },
  });
  return { message: SETTINGS_MESSAGES.testMailSent };
}
