import { isSitePath, SITE_ROUTES } from '@zema/contracts';
import type { Translate } from '#src/lib/translate';
import type { DeviceInfo } from '#src/lib/user-agent';
/** What every mail carries: the site's name and logo (an absolute URL, mail has no base). */
export type MailBrand = {
  siteName: string;
  baseUrl: string;
  logoUrl: string | null;
  /** The language the mail is written in (its `<html lang>`). */
  language: string;
};
export type MailContent = { subject: string; text: string; html: string };

const escapeHtml = (s: string) =>
  s
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

/** "2026-11-29 18:43 UTC": a mail's times, the same for every reader. */
const utc = (at: Date) => `${at.toISOString().replace('T', ' ').slice(0, 16)} UTC`;

export function absoluteUrl(baseUrl: string, path: string | null): string | null {
  if (!path) return null;
  try {
    return new URL(path, `${baseUrl.replace(/\/+$/, '')}/`).toString();
  } catch {
    return null;
  }
}

type Block =
  | { kind: 'p'; text: string }
  | { kind: 'code'; text: string }
  /** Someone's own words, line breaks kept (a contact message). */
  | { kind: 'quote'; text: string }
  | { kind: 'button'; text: string; href: string };

/** One layout for every mail: logo, heading, blocks, footer with the site name; HTML + plain text. */
function render(brand: MailBrand, subject: string, heading: string, blocks: Block[]): MailContent {
  const site = escapeHtml(brand.siteName);
  const logo = brand.logoUrl
    ? `<img src="${escapeHtml(brand.logoUrl)}" alt="${site}" height="40" style="height:40px;border:0">`
    : `<strong style="font-size:20px">${site}</strong>`;
  const body = blocks
    .map((b) => {
      if (b.kind === 'p') return `<p style="margin:0 0 16px;line-height:1.5">${escapeHtml(b.text)}</p>`;
      if (b.kind === 'quote') {
        return `<blockquote style="margin:0 0 16px;padding:12px 16px;border-left:3px solid #0b7a5b;background:#f4f5f7;white-space:pre-wrap;line-height:1.5">${escapeHtml(b.text)}</blockquote>`;
      }
      if (b.kind === 'code') {
        return `<p style="margin:0 0 16px;font-size:32px;font-weight:bold;letter-spacing:6px;font-family:monospace">${escapeHtml(b.text)}</p>`;
      }
      return `<p style="margin:0 0 16px"><a href="${escapeHtml(b.href)}" style="display:inline-block;padding:10px 18px;background:#0b7a5b;color:#ffffff;text-decoration:none;border-radius:6px">${escapeHtml(b.text)}</a></p><p style="margin:0 0 16px;font-size:12px;color:#555;word-break:break-all">${escapeHtml(b.href)}</p>`;
    })
    .join('\n');
  const html = `<!doctype html>
<html lang="${escapeHtml(brand.language)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:24px;background:#f4f5f7;font-family:Arial,Helvetica,sans-serif;color:#121316">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:8px">
<tr><td style="padding:24px 32px 0"><a href="${escapeHtml(brand.baseUrl)}">${logo}</a></td></tr>
<tr><td style="padding:24px 32px 8px"><h1 style="margin:0 0 16px;font-size:22px">${escapeHtml(heading)}</h1>
${body}
</td></tr>
<tr><td style="padding:16px 32px 24px;font-size:12px;color:#777;border-top:1px solid #eee">${site} · <a href="${escapeHtml(brand.baseUrl)}" style="color:#777">${escapeHtml(brand.baseUrl)}</a></td></tr>
</table></td></tr></table>
</body></html>
`;
  const text = [
    brand.siteName,
    '',
    heading,
    '',
    ...blocks.flatMap((b) => (b.kind === 'button' ? [`${b.text}: ${b.href}`, ''] : [b.text, ''])),
    '--',
    `${brand.siteName} · ${brand.baseUrl}`,
    '',
  ].join('\n');
  return { subject, text, html };
}

export function verificationCodeMail(
  brand: MailBrand,
  t: Translate,
  code: string,
  minutes: number,
): MailContent {
  const siteName = brand.siteName;
  return render(brand, t('{siteName}: your verification code', { siteName }), t('Verify your email'), [
    { kind: 'p', text: t('Enter this code on {siteName} to verify your email address:', { siteName }) },
    { kind: 'code', text: code },
    {
      kind: 'p',
      text: t(
        'The code expires in {minutes, plural, one {# minute} other {# minutes}}. If you did not create an account, ignore this email.',
        { minutes },
      ),
    },
  ]);
}

export function passwordResetMail(
  brand: MailBrand,
  t: Translate,
  link: string,
  minutes: number,
): MailContent {
  const siteName = brand.siteName;
  return render(brand, t('{siteName}: reset your password', { siteName }), t('Reset your password'), [
    {
      kind: 'p',
      text: t('You are receiving this email because we received a password reset request for your account.'),
    },
    { kind: 'button', text: t('Reset password'), href: link },
    {
      kind: 'p',
      text: t(
        'This password reset link will expire in {minutes, plural, one {# minute} other {# minutes}}.',
        {
          minutes,
        },
      ),
    },
    { kind: 'p', text: t('If you did not request a password reset, no further action is required.') },
  ]);
}

/** An account an admin created without a password: the link sets one (a long-lived reset token). */
export function invitationMail(brand: MailBrand, t: Translate, link: string, days: number): MailContent {
  const siteName = brand.siteName;
  return render(
    brand,
    t('You are invited to {siteName}', { siteName }),
    t('Welcome to {siteName}', { siteName }),
    [
      { kind: 'p', text: t('An administrator created a {siteName} account for this address.', { siteName }) },
      { kind: 'button', text: t('Choose your password'), href: link },
      {
        kind: 'p',
        text: t(
          'This link will expire in {days, plural, one {# day} other {# days}}. If you did not expect it, ignore this email.',
          { days },
        ),
      },
    ],
  );
}

export function welcomeMail(brand: MailBrand, t: Translate, name: string): MailContent {
  const siteName = brand.siteName;
  return render(brand, t('Welcome to {siteName}', { siteName }), t('Welcome, {name}!', { name }), [
    {
      kind: 'p',
      text: t('Your {siteName} account is ready. Press play on your favourite artists, albums and tracks.', {
        siteName,
      }),
    },
    { kind: 'button', text: t('Open {siteName}', { siteName }), href: brand.baseUrl },
  ]);
}

/**
 * The "this wasn't me" part of every security notice: what to do when the user did not do it.
 * Resetting the password by mail proves they still own the address; the sessions list shows
 * (and ends) where the account is signed in.
 */
function notMeBlocks(brand: MailBrand, t: Translate): Block[] {
  return [
    { kind: 'p', text: t("If this wasn't you, someone else may know your password. Reset it now:") },
    { kind: 'button', text: t('Reset your password'), href: `${brand.baseUrl}/forgot-password` },
    {
      kind: 'p',
      text: t('Then review where your account is signed in and log out the devices you do not know:'),
    },
    { kind: 'button', text: t('Review active sessions'), href: `${brand.baseUrl}/account-settings#sessions` },
  ];
}

export function passwordChangedMail(brand: MailBrand, t: Translate): MailContent {
  const siteName = brand.siteName;
  return render(
    brand,
    t('{siteName}: your password was changed', { siteName }),
    t('Your password was changed'),
    [
      {
        kind: 'p',
        text: t(
          'The password of your {siteName} account was just changed. If you did this, no further action is required.',
          { siteName },
        ),
      },
      ...notMeBlocks(brand, t),
    ],
  );
}

export function twoFactorChangedMail(brand: MailBrand, t: Translate, enabled: boolean): MailContent {
  const siteName = brand.siteName;
  return render(
    brand,
    enabled
      ? t('{siteName}: two-factor authentication turned on', { siteName })
      : t('{siteName}: two-factor authentication turned off', { siteName }),
    enabled ? t('Two-factor authentication was turned on') : t('Two-factor authentication was turned off'),
    [
      {
        kind: 'p',
        text: enabled
          ? t(
              'Signing in to your {siteName} account now also asks for a code from your authenticator app. Keep your recovery codes somewhere safe.',
              { siteName },
            )
          : t(
              'Signing in to your {siteName} account no longer asks for a code from your authenticator app.',
              { siteName },
            ),
      },
      { kind: 'p', text: t('If you did this, no further action is required.') },
      ...notMeBlocks(brand, t),
    ],
  );
}

export type SignInDetails = { device: DeviceInfo; ip: string | null; at: Date };

/** "Chrome 126 on Windows 10 (computer)", in the mail's language. */
function deviceText(t: Translate, device: DeviceInfo): string {
  return t('{browser} on {system} ({type, select, mobile {mobile} tablet {tablet} other {computer}})', {
    browser: device.browser ?? t('An unknown browser'),
    system: device.platform ?? t('an unknown system'),
    type: device.device_type,
  });
}

export function newDeviceMail(brand: MailBrand, t: Translate, details: SignInDetails): MailContent {
  const siteName = brand.siteName;
  return render(
    brand,
    t('{siteName}: new sign-in to your account', { siteName }),
    t('New sign-in to your account'),
    [
      {
        kind: 'p',
        text: t('Your {siteName} account was just signed in to from a new device.', { siteName }),
      },
      { kind: 'p', text: t('Device: {device}', { device: deviceText(t, details.device) }) },
      ...(details.ip ? [{ kind: 'p' as const, text: t('IP address: {ip}', { ip: details.ip }) }] : []),
      { kind: 'p', text: t('Time: {time}', { time: utc(details.at) }) },
      { kind: 'p', text: t('If this was you, no further action is required.') },
      ...notMeBlocks(brand, t),
    ],
  );
}

/** "Contact us", once the contact page exists (no link leads to a 404). */
function contactButton(brand: MailBrand, t: Translate) {
  const path = SITE_ROUTES.contact;
  return isSitePath(path)
    ? [{ kind: 'button' as const, text: t('Contact us'), href: `${brand.baseUrl}${path}` }]
    : [];
}

export function accountDeletedMail(brand: MailBrand, t: Translate): MailContent {
  const siteName = brand.siteName;
  return render(
    brand,
    t('{siteName}: your account was deleted', { siteName }),
    t('Your account was deleted'),
    [
      {
        kind: 'p',
        text: t('Your {siteName} account and its data were deleted. We are sorry to see you go.', {
          siteName,
        }),
      },
      {
        kind: 'p',
        text: t(
          "If this wasn't you, someone else knew your password: change it wherever else you use it, and tell us so we can help.",
        ),
      },
      ...contactButton(brand, t),
    ],
  );
}

export function emailChangeCodeMail(
  brand: MailBrand,
  t: Translate,
  code: string,
  minutes: number,
): MailContent {
  const siteName = brand.siteName;
  return render(
    brand,
    t('{siteName}: confirm your new email address', { siteName }),
    t('Confirm your new email'),
    [
      {
        kind: 'p',
        text: t('Enter this code on {siteName} to make this address the email of your account:', {
          siteName,
        }),
      },
      { kind: 'code', text: code },
      {
        kind: 'p',
        text: t(
          'The code expires in {minutes, plural, one {# minute} other {# minutes}}. If you did not ask to change your email, ignore this email: nothing changes without the code.',
          { minutes },
        ),
      },
    ],
  );
}

/** To the OLD address: a password reset would now go to the new one, so the help is to write to us. */
export function emailChangedMail(brand: MailBrand, t: Translate, maskedNewEmail: string): MailContent {
  const siteName = brand.siteName;
  return render(
    brand,
    t('{siteName}: your email address was changed', { siteName }),
    t('Your email address was changed'),
    [
      {
        kind: 'p',
        text: t(
          'The email address of your {siteName} account was changed to {email}. Mail for your account now goes there, and this address can no longer be used to sign in.',
          { siteName, email: maskedNewEmail },
        ),
      },
      { kind: 'p', text: t('If you did this, no further action is required.') },
      {
        kind: 'p',
        text: t(
          "If this wasn't you, someone else may control your account: contact us right away, and review where your account is signed in if you still can.",
        ),
      },
      ...contactButton(brand, t),
      {
        kind: 'button',
        text: t('Review active sessions'),
        href: `${brand.baseUrl}/account-settings#sessions`,
      },
    ],
  );
}

/** The admin's "send test mail": proves the transport and the sender end to end. */
export function testMail(brand: MailBrand, t: Translate, from: string): MailContent {
  const siteName = brand.siteName;
  return render(brand, t('{siteName}: test mail', { siteName }), t('Mail works'), [
    {
      kind: 'p',
      text: t(
        'This test mail was sent from the {siteName} settings, as {from}. If you can read it, mail is set up.',
        { siteName, from },
      ),
    },
  ]);
}

/** The answer to a backstage request: approved, or denied with the admin's reason. */
export function backstageDecisionMail(
  brand: MailBrand,
  t: Translate,
  decision: { artistName: string; approved: boolean; reason: string | null },
): MailContent {
  const siteName = brand.siteName;
  const artist = decision.artistName;
  const link = `${brand.baseUrl.replace(/\/+$/, '')}/backstage`;
  if (decision.approved) {
    return render(
      brand,
      t('{siteName}: your backstage request was approved', { siteName }),
      t('Your request was approved'),
      [
        {
          kind: 'p',
          text: t(
            'You can now manage {artist} on {siteName}: edit the artist page, upload tracks and albums and follow your listeners.',
            { artist, siteName },
          ),
        },
        { kind: 'button', text: t('Open your backstage'), href: link },
      ],
    );
  }
  return render(
    brand,
    t('{siteName}: your backstage request was denied', { siteName }),
    t('Your request was denied'),
    [
      { kind: 'p', text: t('Your request for {artist} was not approved.', { artist }) },
      ...(decision.reason
        ? [{ kind: 'p' as const, text: t('Reason: {reason}', { reason: decision.reason }) }]
        : []),
      { kind: 'p', text: t('You can send a new request with more details or proof at any time.') },
      { kind: 'button', text: t('Open your backstage'), href: link },
    ],
  );
}

export type WorkspaceInviteDetails = {
  inviteId: string;
  email: string;
  workspaceName: string;
  inviterName: string | null;
  role: string;
  /** Whether an account with this email exists: the link signs in, else it registers. */
  hasAccount: boolean;
  days: number;
};

/**
 * A workspace invitation (decision 0034). The link leads to the join pages: sign in for an
 * existing account, otherwise register with the email filled in; either joins on success.
 */
export function workspaceInviteMail(
  brand: MailBrand,
  t: Translate,
  invite: WorkspaceInviteDetails,
): MailContent {
  const base = brand.baseUrl.replace(/\/+$/, '');
  const id = encodeURIComponent(invite.inviteId);
  const link = invite.hasAccount
    ? `${base}/workspace/join/login?invite=${id}`
    : `${base}/workspace/join/register?invite=${id}&email=${encodeURIComponent(invite.email)}`;
  const values = { siteName: brand.siteName, workspace: invite.workspaceName, role: invite.role };
  return render(
    brand,
    t('{siteName}: join {workspace}', values),
    t('You are invited to {workspace}', values),
    [
      {
        kind: 'p',
        text: invite.inviterName
          ? t(
              '{inviter} invited you to join the workspace {workspace} on {siteName} as {role, select, admin {an admin} editor {an editor} viewer {a viewer} other {a {role}}}.',
              { ...values, inviter: invite.inviterName },
            )
          : t(
              'A member invited you to join the workspace {workspace} on {siteName} as {role, select, admin {an admin} editor {an editor} viewer {a viewer} other {a {role}}}.',
              values,
            ),
      },
      {
        kind: 'button',
        text: invite.hasAccount ? t('Log in to join') : t('Create an account to join'),
        href: link,
      },
      {
        kind: 'p',
        text: t(
          'This invitation expires in {days, plural, one {# day} other {# days}} and can be used once. If you did not expect it, ignore this email.',
          { days: invite.days },
        ),
      },
    ],
  );
}

/**
 * Notifications a user asked to get by email (decision 0031), batched: one mail for what arrived in a
 * few minutes. Texts come rendered and translated (modules/notifications); links are absolute.
 */
export function notificationsMail(
  brand: MailBrand,
  mail: {
    subject: string;
    heading: string;
    items: { lines: string[]; link: { text: string; href: string } | null }[];
    footer: { text: string; link: { text: string; href: string } };
  },
): MailContent {
  const blocks: Block[] = mail.items.flatMap((item) => [
    ...item.lines.map((text) => ({ kind: 'p' as const, text })),
    ...(item.link ? [{ kind: 'button' as const, text: item.link.text, href: item.link.href }] : []),
  ]);
  blocks.push({ kind: 'p', text: mail.footer.text }, { kind: 'button', ...mail.footer.link });
  return render(brand, `${brand.siteName}: ${mail.subject}`, mail.heading, blocks);
}

/** A message written on the contact page (SPEC §3 Contact message), as both of its mails show it. */
export type ContactMailDetails = { name: string; email: string; message: string; sentAt: Date };

/**
 * To the site's contact address, in the site's language; its Reply-To is the sender, so answering
 * it answers them. Links to the admin's list of messages.
 */
export function contactMessageMail(brand: MailBrand, t: Translate, message: ContactMailDetails): MailContent {
  const base = brand.baseUrl.replace(/\/+$/, '');
  return render(
    brand,
    t('{siteName}: message from {name}', { siteName: brand.siteName, name: message.name }),
    t('New message from the contact page'),
    [
      { kind: 'p', text: t('From: {sender}', { sender: `${message.name} <${message.email}>` }) },
      { kind: 'p', text: t('Sent: {time}', { time: utc(message.sentAt) }) },
      { kind: 'quote', text: message.message },
      { kind: 'p', text: t('Reply to this email to answer {name}.', { name: message.name }) },
      {
        kind: 'button',
        text: t('Open the messages'),
        href: `${base}${SITE_ROUTES.admin}/${SITE_ROUTES.adminContactMessages}`,
      },
    ],
  );
}

/** The sender's copy, in the language they wrote in: what they sent, and that it arrived. */
export function contactCopyMail(brand: MailBrand, t: Translate, message: ContactMailDetails): MailContent {
  return render(
    brand,
    t('{siteName}: we received your message', { siteName: brand.siteName }),
    t('Thanks for your message'),
    [
      {
        kind: 'p',
        text: t(
          'Hello {name}, we received your message and will answer you at this address. Here is a copy:',
          {
            name: message.name,
          },
        ),
      },
      { kind: 'quote', text: message.message },
      { kind: 'p', text: t('Sent: {time}', { time: utc(message.sentAt) }) },
      { kind: 'p', text: t('If you did not write to us, you can ignore this email.') },
    ],
  );
}
