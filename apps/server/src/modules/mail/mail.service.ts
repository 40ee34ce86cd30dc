import { maskEmail } from '@zema/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '#src/config';
import type { Database } from '#src/db/client';
import type { Translate } from '#src/lib/translate';
import type { SettingsService } from '#src/modules/settings/index';
import { defaultFrom } from '#src/modules/settings/index';
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

  async function brand(): Promise<MailBrand> {
    const s = await settings.getClientSettings();
    return {
      siteName: s.site_name,
      baseUrl: s.base_url,
      logoUrl: absoluteUrl(s.base_url, s.branding.logo_dark),
    };
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
    build: (b: MailBrand, from: string) => MailContent,
    secrets: readonly string[] = [],
    options: { replyTo?: string } = {},
  ): Promise<SentMail> {
    const b = await brand();
    const sender = await from(b.siteName);
    const content = build(b, sender);
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
  function queue(to: string, build: (b: MailBrand) => MailContent, secrets: readonly string[] = []): void {
    const job = deliver(to, build, secrets)
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
      return deliver(to, (b, sender) => testMail(b, sender));
    },
    sendVerificationCode(to: string, code: string, minutes: number) {
      queue(to, (b) => verificationCodeMail(b, code, minutes), [code]);
    },
    sendPasswordReset(to: string, token: string, minutes: number) {
      queue(
        to,
        (b) => {
          const link = `${b.baseUrl}/password/reset/${encodeURIComponent(token)}?email=${encodeURIComponent(to)}`;
          return passwordResetMail(b, link, minutes);
        },
        [token],
      );
    },
    sendInvitation(to: string, token: string, days: number) {
      queue(
        to,
        (b) => {
          const link = `${b.baseUrl}/password/reset/${encodeURIComponent(token)}?email=${encodeURIComponent(to)}`;
          return invitationMail(b, link, days);
        },
        [token],
      );
    },
    sendWelcome(to: string, name: string) {
      queue(to, (b) => welcomeMail(b, name));
    },
    // Security notices: sent after the change was written, never holding up or failing the request.
    sendPasswordChanged(to: string) {
      queue(to, (b) => passwordChangedMail(b));
    },
    sendTwoFactorChanged(to: string, enabled: boolean) {
      queue(to, (b) => twoFactorChangedMail(b, enabled));
    },
    sendNewDevice(to: string, details: SignInDetails) {
      queue(to, (b) => newDeviceMail(b, details));
    },
    sendAccountDeleted(to: string) {
      queue(to, (b) => accountDeletedMail(b));
    },
    sendEmailChangeCode(to: string, code: string, minutes: number) {
      queue(to, (b) => emailChangeCodeMail(b, code, minutes), [code]);
    },
    /** To the old address once the new one took effect; the new one is shown masked. */
    sendEmailChanged(oldEmail: string, newEmail: string) {
      queue(oldEmail, (b) => emailChangedMail(b, maskEmail(newEmail)));
    },
    /** The admin's decision on a backstage request, sent after it was written. */
    sendBackstageDecision(
      to: string,
      decision: { artistName: string; approved: boolean; reason: string | null },
    ) {
      queue(to, (b) => backstageDecisionMail(b, decision));
    },
    /** A workspace invitation; its id is the link's secret, kept out of the mail log. */
    sendWorkspaceInvite(to: string, invite: WorkspaceInviteDetails) {
      queue(to, (b) => workspaceInviteMail(b, invite), [invite.inviteId]);
    },
    /**
     * A contact message to the site's contact address, Reply-To its sender. Sent while the caller
     * waits and failing loudly: the contact module keeps the message and tries again later.
     */
    sendContactMessage(to: string, message: ContactMailDetails, t: Translate): Promise<SentMail> {
      return deliver(to, (b) => contactMessageMail(b, t, message), [], { replyTo: message.email });
    },
    /** The sender's copy of their contact message (awaited like the message itself). */
    sendContactCopy(message: ContactMailDetails, t: Translate): Promise<SentMail> {
      return deliver(message.email, (b) => contactCopyMail(b, t, message));
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
