import { randomUUID } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { maskEmail } from '@zema/contracts';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Config } from '#src/config';

export type OutgoingMail = {
  from: string;
  to: string;
  /** Where a reply goes instead of `from` (a contact message: its sender). */
  replyTo?: string;
  subject: string;
  text: string;
  html: string;
};
export type SentMail = { messageId: string; file?: string };

/**
 * Sends mail over SMTP when MAIL_URL is set; otherwise writes each message as an .eml file under
 * DATA_DIR/mail, so a fresh install without a mail server can still finish sign-up (the code or
 * link is in the file, and one log line points at it).
 */
export type Mailer = {
  readonly kind: 'smtp' | 'outbox';
  /** Folder of the .eml files (outbox mode). */
  readonly outboxDir: string;
  send(mail: OutgoingMail): Promise<SentMail>;
  close(): void;
};

// Keeps file names portable (':' is not allowed on every file system) and free of path tricks.
const safePart = (value: string) => value.replace(/[^A-Za-z0-9@._+-]/g, '_').slice(0, 120);

export function outboxFileName(date: Date, to: string, messageId: string) {
  return `${date.toISOString().replace(/:/g, '-')}-${safePart(to)}-${safePart(messageId.replace(/[<>]/g, ''))}.eml`;
}

export function createMailer(config: Config, log: FastifyBaseLogger): Mailer {
  const outboxDir = join(config.dataDir, 'mail');
  if (config.mailUrl) {
    // nodemailer reads host, port, auth and TLS (smtps:// = implicit TLS) from the URL.
    const transport = nodemailer.createTransport(config.mailUrl);
    return {
      kind: 'smtp',
      outboxDir,
      async send(mail) {
        const info = await transport.sendMail(mail);
        // The address is personal data: the log names it masked (SPEC §2's mask), the SMTP server has it whole.
        log.info({ messageId: info.messageId }, `mail sent: ${mail.subject} → ${maskEmail(String(mail.to))}`);
        return { messageId: info.messageId };
      },
      close: () => transport.close(),
    };
  }

  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    kind: 'outbox',
    outboxDir,
    async send(mail) {
      const info = await transport.sendMail(mail);
      await mkdir(outboxDir, { recursive: true });
      const file = join(outboxDir, outboxFileName(new Date(), mail.to, info.messageId));
      // Written under a temporary name and renamed, so a reader never sees half a message.
      const tmp = join(outboxDir, `.${randomUUID()}.tmp`);
      await writeFile(tmp, info.message as Buffer, { mode: 0o600 });
      await rename(tmp, file);
      log.info(`mail written to ${file}: ${mail.subject} → ${mail.to}`);
      return { messageId: info.messageId, file };
    },
    close: () => transport.close(),
  };
}
