import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect } from '@playwright/test';
import { serverDataDir } from './server-data';

/**
 * The e2e server has no MAIL_URL, so every message lands as an .eml file in DATA_DIR/mail
 * (scripts/e2e-server.mjs). These helpers wait for a message and read the code or link out of it.
 */
export const outboxDir = () => join(serverDataDir(), 'mail');

export interface Mail {
  file: string;
  subject: string;
  to: string;
  /** The text/plain part, decoded. */
  text: string;
}

function decodeQuotedPrintable(body: string): string {
  const bytes: number[] = [];
  const soft = body.replace(/=\r?\n/g, '');
  for (let i = 0; i < soft.length; i++) {
    const hex = soft.slice(i + 1, i + 3);
    if (soft[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(soft[i] ?? '', 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

function splitHeaders(raw: string): { headers: Record<string, string>; body: string } {
  const end = raw.search(/\r?\n\r?\n/);
  const head = end < 0 ? raw : raw.slice(0, end);
  const body = end < 0 ? '' : raw.slice(end).replace(/^\r?\n\r?\n/, '');
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { headers, body };
}

function decodePart(headers: Record<string, string>, body: string): string {
  const encoding = (headers['content-transfer-encoding'] ?? '').toLowerCase();
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(body);
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return body;
}

/** The first text/plain part of a MIME message (recursing into multiparts). */
function plainText(raw: string): string {
  const { headers, body } = splitHeaders(raw);
  const type = headers['content-type'] ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (type.toLowerCase().startsWith('multipart/') && boundary) {
    for (const part of body.split(`--${boundary}`).slice(1)) {
      if (part.startsWith('--')) break;
      const text = plainText(part.replace(/^\r?\n/, ''));
      if (text) return text;
    }
    return '';
  }
  return type.toLowerCase().startsWith('text/plain') ? decodePart(headers, body) : '';
}

export async function readMail(file: string): Promise<Mail> {
  const raw = await readFile(join(outboxDir(), file), 'utf8');
  const { headers } = splitHeaders(raw);
  return { file, subject: headers.subject ?? '', to: headers.to ?? '', text: plainText(raw) };
}

async function mailFilesTo(address: string): Promise<string[]> {
  const safe = address.replace(/[^A-Za-z0-9@._+-]/g, '_');
  try {
    // Names start with an ISO timestamp, so sorting them sorts by time.
    return (await readdir(outboxDir())).filter((f) => f.endsWith('.eml') && f.includes(`-${safe}-`)).sort();
  } catch {
    return [];
  }
}

/** Files already sent to `address`: pass to `waitForMail` to wait for a newer one. */
export async function mailsBefore(address: string): Promise<Set<string>> {
  return new Set(await mailFilesTo(address));
}

/** Waits for the newest message to `address` that is not in `seen`, optionally by subject. */
export async function waitForMail(
  address: string,
  { seen = new Set<string>(), subject }: { seen?: Set<string>; subject?: RegExp } = {},
): Promise<Mail> {
  let found: Mail | undefined;
  await expect
    .poll(
      async () => {
        const fresh = (await mailFilesTo(address)).filter((f) => !seen.has(f)).reverse();
        for (const file of fresh) {
          const mail = await readMail(file);
          if (!subject || subject.test(mail.subject)) {
            found = mail;
            return true;
          }
        }
        return false;
      },
      { message: `a mail to ${address}${subject ? ` matching ${subject}` : ''}` },
    )
    .toBe(true);
  return found as Mail;
}

/** The 6-digit code of a verification mail. */
export function mailCode(mail: Mail): string {
  const code = /(?:^|\s)(\d{6})(?:\s|$)/m.exec(mail.text)?.[1];
  if (!code) throw new Error(`no 6-digit code in:\n${mail.text}`);
  return code;
}

/** The first link in a mail whose path matches `pathPattern`, as a path + query (same site). */
export function mailLink(mail: Mail, pathPattern: RegExp): string {
  for (const match of mail.text.matchAll(/https?:\/\/[^\s<>"')\]]+/g)) {
    const url = new URL(match[0]);
    if (pathPattern.test(url.pathname)) return `${url.pathname}${url.search}`;
  }
  throw new Error(`no link matching ${pathPattern} in:\n${mail.text}`);
}
