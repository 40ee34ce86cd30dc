import { maskEmail } from '@zema/contracts';
import { eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '#src/config';
import type { Database } from '#src/db/client';
import { type Translate, translator } from '#src/lib/translate';
import { PermanentJobError } from '#src/modules/jobs/index';
import { localizations } from '#src/modules/localization/tables';
import type { SettingsService } from '#src/modules/settings/index';
import { defaultFrom } from '#src/modules/settings/index';
import { users } from '#src/modules/users/tables';
import { resolveAppKey } from '#src/platform/app-key';
import type { Mailer, SentMail } from '#src/platform/mail';
import {
  absoluteUrl,
  type ContactMailDetails,
  contactCopyMail,
  contactMessageMail,
  type MailBrand,
  type MailContent,
  type SignInDetails,
  testMail,
  type WorkspaceInviteDetails,
} from './mail.templates';
import { recordMail } from './mail-log';
import {
  MAIL_TEMPLATES,
  type MailJob,
  type MailOrder,
  type MailTemplateArgs,
  type MailTemplateName,
  openMailJob,
  sealMailJob,
} from './mail-queue';

export type MailService = ReturnType<typeof createMailService>;

/**
 * Whether an SMTP server refused a message for good (RFC 5321 §4.2.1: a 5yz reply to the sender,
 * a recipient or the message, such as 550 mailbox unavailable or 553 address not allowed). A 4yz
 * reply, a connection that failed and a refused login (535: the credentials are the install's to
 * fix, and the mail still worth sending then) may pass with a later try.
 */
export function refusedForGood(err: unknown): boolean {
  const { responseCode, code } = (err ?? {}) as { responseCode?: unknown; code?: unknown };
  return typeof responseCode === 'number' && responseCode >= 500 && responseCode < 600 && code !== 'EAUTH';
}

/** The language a mail is written in, and its lines' translator. */
export type MailLocale = { language: string; t: Translate };

/**
 * Whose language a mail speaks: the recipient's account is found by the address, or `language`
 * names it (an address no account has yet, an account already deleted). Without either, the
 * site's default language.
 */
export type MailReader = { language?: string | null };

type Build = (b: MailBrand, t: Translate, from: string) => MailContent;

/**
 * Where queued mail goes: the job engine's `mail` queue (index.ts wires `deps.jobs`). Without it (a
 * script), a queued mail is delivered in this process, once.
 */
export type MailQueueLink = {
  send(job: MailJob): Promise<void>;
  /** Resolves once no job waits or runs (the engine's `flush`; delayed retries aside). */
  flush(): Promise<void>;
  /** Whether the jobs live in this process only (the in-process engine): `close` waits for them. */
  readonly inProcess: boolean;
};

export function createMailService(deps: {
  mailer: Mailer;
  settings: SettingsService;
  config: Config;
  log: FastifyBaseLogger;
  /** Where the mail log is written; without it nothing is recorded (scripts that send no mail). */
  db?: Database;
  jobs?: MailQueueLink;
}) {
  const { mailer, settings, config, log, db, jobs } = deps;
  // Mail goes out in the background so the SMTP round trip never shapes a response (timing of
  // forgot-password must not tell known from unknown emails): a request only hands it over, and
  // `flush` and shutdown wait for the handovers in flight.
  const pending = new Set<Promise<unknown>>();

  async function brand(language = 'en'): Promise<MailBrand> {
    const s = await settings.getClientSettings();
    return {
      siteName: s.site_name,
      baseUrl: s.base_url,
      logoUrl: absoluteUrl(s.base_url, s.branding.logo_dark),
      language,
    };
  }

  /**
   * The recipient's language, as their pages are written (bootstrap.service `requestLocale`): the
   * account's choice while the site lets users choose, else the site's default, else English.
   */
  async function localeFor(to: string, reader: MailReader): Promise<MailLocale> {
    const { i18n } = await settings.getClientSettings();
    let chosen = reader.language ?? null;
    if (db && chosen === null && i18n.enable) {
      const [account] = await db
        .select({ language: users.language })
        .from(users)
        .where(eq(sql`lower(${users.email})`, to.trim().toLowerCase()))
        .limit(1);
      chosen = account?.language ?? null;
    }
    const wanted = [...(i18n.enable && chosen ? [chosen] : []), i18n.default_locale, 'en'];
    const rows = db
      ? await db
          .select({ language: localizations.language, lines: localizations.lines })
          .from(localizations)
          .where(inArray(localizations.language, wanted))
      : [];
    const row = wanted.map((l) => rows.find((r) => r.language === l)).find(Boolean);
    const language = row?.language ?? 'en';
    return { language, t: translator(row?.lines, language) };
  }

  /** MAIL_FROM, else the sender set in the admin's mail settings, else the default one. */
  async function from(siteName: string): Promise<string> {
    return (await settings.mailFrom(siteName)) ?? defaultFrom(siteName, config.appUrl);
  }

  /**
   * Sends one message and records it in the mail log, sent or failed. `secrets` are the values in
   * it that grant something (a reset token, a code): the log keeps the message without them. A
   * failure to record is logged and never fails the send.
   */
  async function deliver(
    to: string,
    build: Build,
    secrets: readonly string[] = [],
    options: { replyTo?: string; locale?: MailLocale; reader?: MailReader } = {},
  ): Promise<SentMail> {
    // A language that cannot be looked up is no reason to lose the mail: it goes out in English.
    const locale =
      options.locale ??
      (await localeFor(to, options.reader ?? {}).catch((err: unknown) => {
        log.warn({ err }, 'mail language unknown, writing in English');
        return { language: 'en', t: translator(null) };
      }));
    const b = await brand(locale.language);
    const sender = await from(b.siteName);
    const content = build(b, locale.t, sender);
    const record = (
      outcome: { status: 'sent'; messageId: string | null } | { status: 'failed'; error: unknown },
    ) =>
      db
        ? recordMail(db, { to, from: sender, content, secrets, driver: mailer.kind, ...outcome }).catch(
            (err: unknown) => log.error({ err }, 'could not write the mail log'),
          )
        : undefined;
    let sent: SentMail;
    try {
      sent = await mailer.send({
        from: sender,
        to,
        ...(options.replyTo ? { replyTo: options.replyTo } : {}),
        ...content,
      });
    } catch (err) {
      await record({ status: 'failed', error: err });
      throw err;
    }
    await record({ status: 'sent', messageId: sent.messageId ?? null });
    return sent;
  }

  /** A named template's mail to `to`, with the values it must keep out of the mail log. */
  function fromTemplate<K extends MailTemplateName>(template: K, order: MailOrder<K>) {
    const entry = MAIL_TEMPLATES[template];
    const build: Build = (b, t) => entry.build(b, t, { to: order.to, args: order.args });
    return { build, secrets: entry.secrets?.(order.args) ?? [] };
  }

  /**
   * Sends without making the caller wait: the mail becomes a job of the `mail` queue, tried again
   * with a doubling wait when the send fails. Should the handover itself fail (the job store is
   * unreachable), the mail is sent from here, once, rather than lost.
   */
  function queue<K extends MailTemplateName>(
    to: string,
    template: K,
    args: MailTemplateArgs[K],
    reader: MailReader = {},
  ): void {
    const order: MailOrder<K> = { to, args, language: reader.language ?? null };
    const direct = () => {
      const { build, secrets } = fromTemplate(template, order);
      return deliver(to, build, secrets, { reader });
    };
    const handOver = async () => {
      if (!jobs) return direct();
      const job = sealMailJob(await resolveAppKey(config), template, order);
      try {
        await jobs.send(job);
      } catch (err) {
        log.warn({ err, template }, 'mail could not be queued, sending it now');
        return direct();
      }
    };
    const job = handOver()
      .catch((err: unknown) => log.error({ err, to: maskEmail(to), template }, 'mail could not be sent'))
      .finally(() => pending.delete(job));
    pending.add(job);
  }

  /**
   * Runs one job of the `mail` queue: a failed send throws, so the engine tries it again later —
   * unless the mail server refused the message for good (a 5xx reply: no such mailbox, address
   * not accepted), which no later try changes: that job fails at once.
   */
  async function deliverJob(data: unknown): Promise<void> {
    const { template, order } = openMailJob(await resolveAppKey(config), data);
    const { build, secrets } = fromTemplate(template, order);
    try {
      await deliver(order.to, build, secrets, { reader: { language: order.language } });
    } catch (err) {
      const permanent = refusedForGood(err);
      log.warn(
        { err, to: maskEmail(order.to), template },
        permanent ? 'mail refused for good, not tried again' : 'mail could not be sent',
      );
      throw permanent ? new PermanentJobError(err) : err;
    }
  }

  /** Resolves once every queued mail was handed over. */
  async function handedOver() {
    while (pending.size) await Promise.all([...pending]);
  }

  return {
    mailer,
    brand,
    from,
    deliver,
    /** Sent while the caller waits: the admin wants to see a transport failure, not a log line. */
    sendTest(to: string): Promise<SentMail> {
      return deliver(to, (b, t, sender) => testMail(b, t, sender));
    },
    deliverJob,
    sendVerificationCode(to: string, code: string, minutes: number) {
      queue(to, 'verification-code', { code, minutes });
    },
    sendPasswordReset(to: string, token: string, minutes: number) {
      queue(to, 'password-reset', { token, minutes });
    },
    sendInvitation(to: string, token: string, days: number) {
      queue(to, 'invitation', { token, days });
    },
    sendWelcome(to: string, name: string) {
      queue(to, 'welcome', { name });
    },
    // Security notices: sent after the change was written, never holding up or failing the request.
    sendPasswordChanged(to: string) {
      queue(to, 'password-changed', {});
    },
    sendTwoFactorChanged(to: string, enabled: boolean) {
      queue(to, 'two-factor-changed', { enabled });
    },
    sendNewDevice(to: string, details: SignInDetails) {
      queue(to, 'new-device', { device: details.device, ip: details.ip, at: details.at.toISOString() });
    },
    /** The account is gone by then: `language` is the one it had. */
    sendAccountDeleted(to: string, language: string | null = null) {
      queue(to, 'account-deleted', {}, { language });
    },
    /** To an address no account has yet: `language` is the account's that asked. */
    sendEmailChangeCode(to: string, code: string, minutes: number, language: string | null = null) {
      queue(to, 'email-change-code', { code, minutes }, { language });
    },
    /** To the old address once the new one took effect; the new one is shown masked. */
    sendEmailChanged(oldEmail: string, newEmail: string, language: string | null = null) {
      queue(oldEmail, 'email-changed', { maskedNewEmail: maskEmail(newEmail) }, { language });
    },
    /** The admin's decision on a backstage request, sent after it was written. */
    sendBackstageDecision(
      to: string,
      decision: { artistName: string; approved: boolean; reason: string | null },
    ) {
      queue(to, 'backstage-decision', decision);
    },
    /** A workspace invitation; its id is the link's secret, kept out of the mail log and the job. */
    sendWorkspaceInvite(to: string, invite: WorkspaceInviteDetails) {
      queue(to, 'workspace-invite', invite);
    },
    /**
     * A contact message to the site's contact address, Reply-To its sender. Sent while the caller
     * waits and failing loudly: the contact module keeps the message and tries again later.
     */
    sendContactMessage(to: string, message: ContactMailDetails, locale: MailLocale): Promise<SentMail> {
      return deliver(to, (b, t) => contactMessageMail(b, t, message), [], { replyTo: message.email, locale });
    },
    /** The sender's copy of their contact message (awaited like the message itself). */
    sendContactCopy(message: ContactMailDetails, locale: MailLocale): Promise<SentMail> {
      return deliver(message.email, (b, t) => contactCopyMail(b, t, message), [], { locale });
    },
    /**
     * Resolves once every queued mail was handed over and tried (tests): the handovers, then the
     * job engine's queues (a send that failed waits for its retry: not waited for).
     */
    async flush() {
      await handedOver();
      await jobs?.flush();
    },
    /**
     * Shutdown: no mail a request handed over is dropped. The in-process engine's jobs live in this
     * process, so they are tried first; BullMQ keeps them in its store for the next worker.
     */
    async close() {
      await handedOver();
      if (jobs?.inProcess) await jobs.flush();
      mailer.close();
    },
  };
}
