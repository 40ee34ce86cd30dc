import { maskEmail } from '@zema/contracts';
import { eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '#src/config';
import type { Database } from '#src/db/client';
import { type Translate, translator } from '#src/lib/translate';
import { localizations } from '#src/modules/localization/tables';
import type { SettingsService } from '#src/modules/settings/index';
import { defaultFrom } from '#src/modules/settings/index';
import { users } from '#src/modules/users/tables';
import type { Mailer, SentMail } from '#src/platform/mail';
import {
  absoluteUrl,
  accountDeletedMail,
  backstageDecisionMail,
  type ContactMailDetails,
  contactCopyMail,
  contactMessageMail,
  emailChangeCodeMail,
  emailChangedMail,
  invitationMail,
  type MailBrand,
  type MailContent,
  newDeviceMail,
  passwordChangedMail,
  passwordResetMail,
  type SignInDetails,
  testMail,
  twoFactorChangedMail,
  verificationCodeMail,
  type WorkspaceInviteDetails,
  welcomeMail,
  workspaceInviteMail,
} from './mail.templates';
import { recordMail } from './mail-log';

export type MailService = ReturnType<typeof createMailService>;

/** The language a mail is written in, and its lines' translator. */
export type MailLocale = { language: string; t: Translate };

/**
 * Whose language a mail speaks: the recipient's account is found by the address, or `language`
 * names it (an address no account has yet, an account already deleted). Without either, the
 * site's default language.
 */
export type MailReader = { language?: string | null };

type Build = (b: MailBrand, t: Translate, from: string) => MailContent;

export function createMailService(deps: {
  mailer: Mailer;
  settings: SettingsService;
  config: Config;
  log: FastifyBaseLogger;
  /** Where the mail log is written; without it nothing is recorded (scripts that send no mail). */
  db?: Database;
}) {
  const { mailer, settings, config, log, db } = deps;
  // Mail goes out in the background so the SMTP round trip never shapes a response (timing of
  // forgot-password must not tell known from unknown emails); shutdown waits for what is in flight.
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

  /** Sends without making the caller wait; failures are logged (the user can ask again). */
  function queue(to: string, build: Build, secrets: readonly string[] = [], reader: MailReader = {}): void {
    const job = deliver(to, build, secrets, { reader })
      .catch((err: unknown) => log.error({ err, to: maskEmail(to) }, 'mail could not be sent'))
      .finally(() => pending.delete(job));
    pending.add(job);
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
    sendVerificationCode(to: string, code: string, minutes: number) {
      queue(to, (b, t) => verificationCodeMail(b, t, code, minutes), [code]);
    },
    sendPasswordReset(to: string, token: string, minutes: number) {
      queue(
        to,
        (b, t) => {
          const link = `${b.baseUrl}/password/reset/${encodeURIComponent(token)}?email=${encodeURIComponent(to)}`;
          return passwordResetMail(b, t, link, minutes);
        },
        [token],
      );
    },
    sendInvitation(to: string, token: string, days: number) {
      queue(
        to,
        (b, t) => {
          const link = `${b.baseUrl}/password/reset/${encodeURIComponent(token)}?email=${encodeURIComponent(to)}`;
          return invitationMail(b, t, link, days);
        },
        [token],
      );
    },
    sendWelcome(to: string, name: string) {
      queue(to, (b, t) => welcomeMail(b, t, name));
    },
    // Security notices: sent after the change was written, never holding up or failing the request.
    sendPasswordChanged(to: string) {
      queue(to, (b, t) => passwordChangedMail(b, t));
    },
    sendTwoFactorChanged(to: string, enabled: boolean) {
      queue(to, (b, t) => twoFactorChangedMail(b, t, enabled));
    },
    sendNewDevice(to: string, details: SignInDetails) {
      queue(to, (b, t) => newDeviceMail(b, t, details));
    },
    /** The account is gone by then: `language` is the one it had. */
    sendAccountDeleted(to: string, language: string | null = null) {
      queue(to, (b, t) => accountDeletedMail(b, t), [], { language });
    },
    /** To an address no account has yet: `language` is the account's that asked. */
    sendEmailChangeCode(to: string, code: string, minutes: number, language: string | null = null) {
      queue(to, (b, t) => emailChangeCodeMail(b, t, code, minutes), [code], { language });
    },
    /** To the old address once the new one took effect; the new one is shown masked. */
    sendEmailChanged(oldEmail: string, newEmail: string, language: string | null = null) {
      queue(oldEmail, (b, t) => emailChangedMail(b, t, maskEmail(newEmail)), [], { language });
    },
    /** The admin's decision on a backstage request, sent after it was written. */
    sendBackstageDecision(
      to: string,
      decision: { artistName: string; approved: boolean; reason: string | null },
    ) {
      queue(to, (b, t) => backstageDecisionMail(b, t, decision));
    },
    /** A workspace invitation; its id is the link's secret, kept out of the mail log. */
    sendWorkspaceInvite(to: string, invite: WorkspaceInviteDetails) {
      queue(to, (b, t) => workspaceInviteMail(b, t, invite), [invite.inviteId]);
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
    /** Resolves once every queued mail was handed over (tests, shutdown). */
    async flush() {
      while (pending.size) await Promise.all([...pending]);
    },
    async close() {
      await this.flush();
      mailer.close();
    },
  };
}
