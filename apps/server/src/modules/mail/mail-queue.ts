import type { Translate } from '#src/lib/translate';
import type { JobQueueDefinition } from '#src/platform/jobs';
import { openSecret, sealSecret } from '#src/platform/secret-box';
import {
  accountDeletedMail,
  backstageDecisionMail,
  emailChangeCodeMail,
  emailChangedMail,
  invitationMail,
  type MailBrand,
  type MailContent,
  newDeviceMail,
  passwordChangedMail,
  passwordResetMail,
  type SignInDetails,
  twoFactorChangedMail,
  verificationCodeMail,
  type WorkspaceInviteDetails,
  welcomeMail,
  workspaceInviteMail,
} from './mail.templates';

/**
 * Mail handed over by a request goes out as a job of this queue (module `jobs`): retried with a
 * doubling wait through an SMTP outage or a restart, and kept in the admin's failed list (Admin →
 * Jobs) once every try failed. The engine stores a job's data (Redis, PostgreSQL) and keeps a failed
 * one, so the data is a template's name and its arguments sealed under the install's key: the
 * recipient, a code, a reset token or an invitation's id never lie there in the clear.
 */
export const MAIL_QUEUE = 'mail';

/**
 * Tries and the first wait (doubling): 30 s, 1, 2, 4 and 8 minutes — a mail server restarting or
 * briefly unreachable is waited out within a quarter of an hour, while the codes it carries (10
 * minutes) and reset links (60) are still worth having.
 */
export const MAIL_ATTEMPTS = 6;
export const MAIL_BACKOFF_MS = 30_000;
/** SMTP round trips at once, all instances together: a few, so a burst never floods the relay. */
export const MAIL_CONCURRENCY = 3;

/** Every mail sent through the queue, by name, with what it is written from (plain JSON). */
export type MailTemplateArgs = {
  'verification-code': { code: string; minutes: number };
  'password-reset': { token: string; minutes: number };
  invitation: { token: string; days: number };
  welcome: { name: string };
  'password-changed': Record<string, never>;
  'two-factor-changed': { enabled: boolean };
  /** `at`: the sign-in's ISO time. */
  'new-device': Omit<SignInDetails, 'at'> & { at: string };
  'account-deleted': Record<string, never>;
  'email-change-code': { code: string; minutes: number };
  /** The new address, already masked. */
  'email-changed': { maskedNewEmail: string };
  'backstage-decision': { artistName: string; approved: boolean; reason: string | null };
  'workspace-invite': WorkspaceInviteDetails;
};
export type MailTemplateName = keyof MailTemplateArgs;

type MailTemplate<A> = {
  build(brand: MailBrand, t: Translate, mail: { to: string; args: A }): MailContent;
  /** The values in the message that grant something: kept out of the mail log. */
  secrets?(args: A): string[];
};

const resetLink = (b: MailBrand, to: string, token: string) =>
  `${b.baseUrl}/password/reset/${encodeURIComponent(token)}?email=${encodeURIComponent(to)}`;

/** The templates a queued mail names (the builders are in mail.templates.ts). */
export const MAIL_TEMPLATES: { [K in MailTemplateName]: MailTemplate<MailTemplateArgs[K]> } = {
  'verification-code': {
    build: (b, t, { args }) => verificationCodeMail(b, t, args.code, args.minutes),
    secrets: (args) => [args.code],
  },
  'password-reset': {
    build: (b, t, { to, args }) => passwordResetMail(b, t, resetLink(b, to, args.token), args.minutes),
    secrets: (args) => [args.token],
  },
  invitation: {
    build: (b, t, { to, args }) => invitationMail(b, t, resetLink(b, to, args.token), args.days),
    secrets: (args) => [args.token],
  },
  welcome: { build: (b, t, { args }) => welcomeMail(b, t, args.name) },
  'password-changed': { build: (b, t) => passwordChangedMail(b, t) },
  'two-factor-changed': { build: (b, t, { args }) => twoFactorChangedMail(b, t, args.enabled) },
  'new-device': {
    build: (b, t, { args }) =>
      newDeviceMail(b, t, { device: args.device, ip: args.ip, at: new Date(args.at) }),
  },
  'account-deleted': { build: (b, t) => accountDeletedMail(b, t) },
  'email-change-code': {
    build: (b, t, { args }) => emailChangeCodeMail(b, t, args.code, args.minutes),
    secrets: (args) => [args.code],
  },
  'email-changed': { build: (b, t, { args }) => emailChangedMail(b, t, args.maskedNewEmail) },
  'backstage-decision': { build: (b, t, { args }) => backstageDecisionMail(b, t, args) },
  'workspace-invite': {
    build: (b, t, { args }) => workspaceInviteMail(b, t, args),
    secrets: (args) => [args.inviteId],
  },
};

/** A queued mail as the engine stores it: which template, and the rest sealed. */
export type MailJob = { template: MailTemplateName; sealed: string };

/** What a sealed mail job holds. */
export type MailOrder<K extends MailTemplateName = MailTemplateName> = {
  to: string;
  args: MailTemplateArgs[K];
  /** The reader's language when no account has the address (decided by the caller). */
  language: string | null;
};

export function sealMailJob<K extends MailTemplateName>(
  appKey: string,
  template: K,
  order: MailOrder<K>,
): MailJob {
  return { template, sealed: sealSecret(appKey, JSON.stringify(order)) };
}

const isTemplate = (name: unknown): name is MailTemplateName =>
  typeof name === 'string' && Object.hasOwn(MAIL_TEMPLATES, name);

/**
 * The mail a job names, opened; throws on data this version cannot read (a template another
 * version added, a key that is not this install's), which fails the job like a refused send.
 */
export function openMailJob(appKey: string, data: unknown): { template: MailTemplateName; order: MailOrder } {
  const job = data as Partial<MailJob> | null;
  if (!job || !isTemplate(job.template) || typeof job.sealed !== 'string') {
    throw new Error(`Not a mail job this version knows (template ${String(job?.template)})`);
  }
  const order = JSON.parse(openSecret(appKey, job.sealed)) as MailOrder;
  if (typeof order?.to !== 'string' || typeof order.args !== 'object' || order.args === null) {
    throw new Error(`A ${job.template} mail job without its recipient or arguments`);
  }
  return { template: job.template, order: { ...order, language: order.language ?? null } };
}

/** The `mail` queue (index.ts declares it): each job is one message, sent by `mail.deliverJob`. */
export function mailQueue(mail: { deliverJob(data: unknown): Promise<void> }): JobQueueDefinition {
  return {
    name: MAIL_QUEUE,
    concurrency: MAIL_CONCURRENCY,
    attempts: MAIL_ATTEMPTS,
    backoffMs: MAIL_BACKOFF_MS,
    run: (data) => mail.deliverJob(data),
  };
}
