/** What every mail carries: the site's name and logo (an absolute URL, mail has no base). */
export type MailBrand = { siteName: string; baseUrl: string; logoUrl: string | null };
export type MailContent = { subject: string; text: string; html: string };

const escapeHtml = (s: string) =>
  s
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

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
      if (b.kind === 'code') {
        return `<p style="margin:0 0 16px;font-size:32px;font-weight:bold;letter-spacing:6px;font-family:monospace">${escapeHtml(b.text)}</p>`;
      }
      return `<p style="margin:0 0 16px"><a href="${escapeHtml(b.href)}" style="display:inline-block;padding:10px 18px;background:#0b7a5b;color:#ffffff;text-decoration:none;border-radius:6px">${escapeHtml(b.text)}</a></p><p style="margin:0 0 16px;font-size:12px;color:#555;word-break:break-all">${escapeHtml(b.href)}</p>`;
    })
    .join('\n');
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(subject)}</title></head>
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

export function verificationCodeMail(brand: MailBrand, code: string, minutes: number): MailContent {
  return render(brand, `${brand.siteName}: your verification code`, 'Verify your email', [
    { kind: 'p', text: `Enter this code on ${brand.siteName} to verify your email address:` },
    { kind: 'code', text: code },
    {
      kind: 'p',
      text: `The code expires in ${minutes} minutes. If you did not create an account, ignore this email.`,
    },
  ]);
}

export function passwordResetMail(brand: MailBrand, link: string, minutes: number): MailContent {
  return render(brand, `${brand.siteName}: reset your password`, 'Reset your password', [
    {
      kind: 'p',
      text: 'You are receiving this email because we received a password reset request for your account.',
    },
    { kind: 'button', text: 'Reset password', href: link },
    { kind: 'p', text: `This password reset link will expire in ${minutes} minutes.` },
    { kind: 'p', text: 'If you did not request a password reset, no further action is required.' },
  ]);
}

export function welcomeMail(brand: MailBrand, name: string): MailContent {
  return render(brand, `Welcome to ${brand.siteName}`, `Welcome, ${name}!`, [
    {
      kind: 'p',
      text: `Your ${brand.siteName} account is ready. Press play on your favourite artists, albums and tracks.`,
    },
    { kind: 'button', text: `Open ${brand.siteName}`, href: brand.baseUrl },
  ]);
}
