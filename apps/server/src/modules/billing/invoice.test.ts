import { inflateSync } from 'node:zlib';
import {
  ADMIN_PERMISSIONS,
  INVOICE_CREDIT_LINE,
  INVOICE_PLAN_LINE,
  type InvoiceDocument,
  invoiceLineMessage,
  type Product,
} from '@zema/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { translator } from '#src/lib/translate';
import { localizations } from '#src/modules/localization/tables';
import { notifications } from '#src/modules/notifications/tables';
import { adminUserId, type Client, createUser, request, sessionFor, useApp } from '#test/helpers';
import { invoices, payments } from './billing.tables';
import { invoiceDate, scriptRuns } from './invoice-pdf';

const t = useApp();
let premium: Product;

beforeAll(async () => {
  await t.app.deps.settings.set('billing', { enable: true });
  const res = await request(t.app, await sessionFor(t.db, (await createUser(t.db)).id), {
    method: 'GET',
    url: '/api/v1/billing/products',
  });
  premium = (res.json().pagination.data as Product[]).find((p) => p.name === 'Premium')!;
});

let keys = 0;
const call = (client: Client, url: string) =>
  request(t.app, client, { method: 'GET', url: `/api/v1/billing${url}` });

/** A user (in `language`) who paid for Premium monthly in ETB through the sandbox; their invoice number. */
async function subscriber(language?: string) {
  const user = await createUser(t.db, { language, firstName: 'Abebe', lastName: 'Kebede' });
  const client = await sessionFor(t.db, user.id);
  const price = premium.prices.find((p) => p.currency === 'ETB' && p.interval === 'month')!;
  const started = await request(t.app, client, {
    method: 'POST',
    url: '/api/v1/billing/checkout',
    payload: { price_id: price.id, idempotency_key: `inv-${process.pid}-${++keys}` },
  });
  const txRef = started.json().payment.tx_ref as string;
  await request(t.app, client, {
    method: 'POST',
    url: `/api/v1/billing/sandbox/${txRef}`,
    payload: { outcome: 'success' },
  });
  const me = (await call(client, '/me')).json();
  const invoice = me.invoices[0] as { number: number; display_number: string };
  return { id: user.id, client, number: invoice.number, printed: invoice.display_number, txRef };
}

const admin = async () => sessionFor(t.db, await adminUserId(t.db));
const saveSettings = async (payload: Record<string, unknown>) =>
  request(t.app, await admin(), { method: 'POST', url: '/api/v1/settings', payload });
/** The year of issue where the seller is (the site's default time zone). */
const yearNow = () =>
  Number(
    new Intl.DateTimeFormat('en', { year: 'numeric', timeZone: 'Africa/Addis_Ababa' }).format(new Date()),
  );

/** The PDF's bytes with every compressed stream inflated, to look for what it holds. */
function pdfContents(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  let out = raw;
  const re = /stream\r?\n/g;
  for (let m = re.exec(raw); m; m = re.exec(raw)) {
    const start = m.index + m[0].length;
    const end = raw.indexOf('endstream', start);
    try {
      out += inflateSync(pdf.subarray(start, end)).toString('latin1');
    } catch {
      // Not a deflated stream (or trailing bytes): its raw form is already in `out`.
    }
  }
  return out;
}
/** Whether some embedded font maps a glyph to this character (its ToUnicode map). */
const mapsCharacter = (contents: string, ch: string) =>
  contents.toLowerCase().includes(`<${ch.codePointAt(0)!.toString(16).padStart(4, '0')}>`);

describe('invoices', () => {
  it('answers the printable invoice: seller, buyer, lines, VAT included, payment method', async () => {
    const me = await subscriber();
    const res = await call(me.client, `/invoices/${me.number}`);
    expect(res.statusCode, res.body).toBe(200);
    const doc = res.json() as InvoiceDocument;
    expect(doc.invoice).toMatchObject({
      number: me.number,
      currency: 'ETB',
      total: 19_900,
      tax_rate_bp: 1500,
    });
    expect(doc.invoice.subtotal + doc.invoice.tax).toBe(doc.invoice.total);
    expect(doc.invoice.buyer_name).toContain('Abebe');
    expect(doc.seller.name).toBe('Zema');
    expect(doc.payment).toEqual({ gateway: 'sandbox', method: 'sandbox', tx_ref: me.txRef });
  });

  it('makes an English PDF by default, with the invoice number and the Latin font', async () => {
    const me = await subscriber();
    const res = await call(me.client, `/invoices/${me.number}/pdf`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="invoice-${me.printed}.pdf"`);
    expect(res.headers['cache-control']).toContain('no-store');
    const pdf = res.rawPayload;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.subarray(-6).toString()).toContain('%%EOF');
    const contents = pdfContents(pdf);
    // The document's subject (an indirect string object) names the invoice by its printed number.
    expect(contents).toContain(`(Invoice ${me.printed})`);
    expect(contents).toMatch(/\/BaseFont \/[A-Z]{6}\+NotoSansEthiopic/);
    expect(contents).toContain('/Lang (en)');
    expect(mapsCharacter(contents, 'V')).toBe(true);
    // Nothing in Ethiopic script on an English invoice.
    expect(mapsCharacter(contents, 'ደ')).toBe(false);
  });

  it("prints in Amharic for a reader whose language is Amharic, with the Ethiopic font's glyphs", async () => {
    const me = await subscriber('am');
    const res = await call(me.client, `/invoices/${me.number}/pdf`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="invoice-${me.printed}-am.pdf"`);
    const contents = pdfContents(res.rawPayload);
    expect(contents).toContain('/Lang (am)');
    // ደረሰኝ (Invoice) and ጠቅላላ (Total) are drawn: their glyphs are embedded and mapped.
    for (const ch of 'ደረሰኝጠቅላ') expect(mapsCharacter(contents, ch), ch).toBe(true);
    expect(contents).toContain(`(Invoice ${me.printed})`);

    // ?lang= picks another language than the reader's.
    const english = pdfContents((await call(me.client, `/invoices/${me.number}/pdf?lang=en`)).rawPayload);
    expect(english).toContain('/Lang (en)');
    expect(mapsCharacter(english, 'ደ')).toBe(false);
  });

  it('prints the lines it was issued with in the reader’s language: the plan and its period', async () => {
    // The line as catalogue/am.json ships it (written here so the test does not wait for the seed).
    const amharicLine =
      '{plan} — {interval, select, day {{count, plural, one {# ቀን} other {# ቀናት}}} week {{count, plural, one {# ሳምንት} other {# ሳምንታት}}} month {{count, plural, one {# ወር} other {# ወራት}}} other {{count, plural, one {# ዓመት} other {# ዓመታት}}}}';
    await t.db
      .update(localizations)
      .set({
        lines: sql`${localizations.lines} || ${JSON.stringify({ [INVOICE_PLAN_LINE]: amharicLine })}::jsonb`,
      })
      .where(eq(localizations.language, 'am'));

    const me = await subscriber('am');
    // Kept as issued, in English: what the web page and an admin read.
    const doc = (await call(me.client, `/invoices/${me.number}`)).json() as InvoiceDocument;
    expect(doc.invoice.lines.map((l) => l.description)).toEqual(['Premium — 1 month']);
    const issued = invoiceLineMessage('Premium — 1 month');
    expect(issued).toEqual({
      message: INVOICE_PLAN_LINE,
      values: { plan: 'Premium', interval: 'month', count: 1 },
    });
    expect(translator({ [INVOICE_PLAN_LINE]: amharicLine }, 'am')(issued!.message, issued!.values)).toBe(
      'Premium — 1 ወር',
    );
    expect(translator(null)(INVOICE_PLAN_LINE, { plan: 'Gold — VIP', interval: 'year', count: 2 })).toBe(
      'Gold — VIP — 2 years',
    );
    expect(invoiceLineMessage('Gold — VIP — 2 years')?.values).toEqual({
      plan: 'Gold — VIP',
      interval: 'year',
      count: 2,
    });
    expect(invoiceLineMessage('Credit for the unused part of the previous plan')?.message).toBe(
      INVOICE_CREDIT_LINE,
    );
    expect(invoiceLineMessage('A line written by hand')).toBeNull();

    // ወ (of ወር, "month") is drawn only on the Amharic PDF: the period is printed in Amharic.
    const amharic = pdfContents((await call(me.client, `/invoices/${me.number}/pdf`)).rawPayload);
    expect(mapsCharacter(amharic, 'ወ')).toBe(true);
    const english = pdfContents((await call(me.client, `/invoices/${me.number}/pdf?lang=en`)).rawPayload);
    expect(mapsCharacter(english, 'ወ')).toBe(false);
  });

  it('dates an invoice in the Ethiopian calendar for a reader who chose it, or when asked', async () => {
    const at = '2026-11-28T10:00:00Z';
    expect(invoiceDate(at, { locale: 'en', timeZone: 'Africa/Addis_Ababa' })).toBe('November 28, 2026');
    expect(invoiceDate(at, { locale: 'en', timeZone: 'Africa/Addis_Ababa', calendar: 'ethiopic' })).toBe(
      'Hedar 19, 2019 AM',
    );
    expect(invoiceDate(at, { locale: 'am', timeZone: 'Africa/Addis_Ababa', calendar: 'ethiopic' })).toContain(
      'ኅዳር',
    );

    const me = await subscriber('am');
    const put = await request(t.app, me.client, {
      method: 'PUT',
      url: '/api/v1/users/me',
      payload: { calendar: 'ethiopic' },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().user.calendar).toBe('ethiopic');
    // ኅ (of ኅዳር, the Ethiopian month) is drawn only when the date is in the Ethiopian calendar.
    const ethiopic = pdfContents((await call(me.client, `/invoices/${me.number}/pdf`)).rawPayload);
    expect(mapsCharacter(ethiopic, 'ኅ')).toBe(true);
    const gregorian = pdfContents(
      (await call(me.client, `/invoices/${me.number}/pdf?calendar=gregorian`)).rawPayload,
    );
    expect(mapsCharacter(gregorian, 'ኅ')).toBe(false);
    expect((await call(me.client, `/invoices/${me.number}/pdf?calendar=julian`)).statusCode).toBe(422);
  });

  it('shows a refund on the invoice as issued: the refunded amount, on the page and in the PDF', async () => {
    const me = await subscriber('am');
    const before = (await call(me.client, `/invoices/${me.number}`)).json() as InvoiceDocument;
    expect(before.invoice).toMatchObject({ refunded: 0, refunded_at: null });
    const plain = pdfContents((await call(me.client, `/invoices/${me.number}/pdf`)).rawPayload);
    // Part of it given back (what the admin's refund records).
    await t.db
      .update(payments)
      .set({ refundedAmount: 5_000, refundedAt: new Date() })
      .where(eq(payments.txRef, me.txRef));
    const after = (await call(me.client, `/invoices/${me.number}`)).json() as InvoiceDocument;
    expect(after.invoice).toMatchObject({ number: me.number, total: 19_900, refunded: 5_000 });
    expect(after.invoice.refunded_at).not.toBeNull();
    expect((await call(me.client, '/me')).json().invoices[0]).toMatchObject({ refunded: 5_000 });
    // ተመላሽ (refunded) and ከ…በኋላ (after) are drawn only on the refunded invoice.
    const refunded = pdfContents((await call(me.client, `/invoices/${me.number}/pdf`)).rawPayload);
    for (const ch of 'ሽኋ') {
      expect(mapsCharacter(plain, ch), ch).toBe(false);
      expect(mapsCharacter(refunded, ch), ch).toBe(true);
    }
  });

  it('prints in English for a language without a localization, and refuses a malformed one', async () => {
    const me = await subscriber();
    const res = await call(me.client, `/invoices/${me.number}/pdf?lang=xx`);
    expect(res.statusCode).toBe(200);
    expect(pdfContents(res.rawPayload)).toContain('/Lang (en)');
    const bad = await call(me.client, `/invoices/${me.number}/pdf?lang=${encodeURIComponent('<script>')}`);
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toHaveProperty('lang');
  });

  it("never shows another user's invoice (404, like a number that does not exist)", async () => {
    const me = await subscriber();
    const other = await subscriber();
    for (const url of [`/invoices/${other.number}`, `/invoices/${other.number}/pdf`]) {
      const res = await call(me.client, url);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ message: 'There is no such invoice.' });
    }
    expect((await call(me.client, '/invoices/999999')).statusCode).toBe(404);
    expect((await call(me.client, '/invoices/0')).statusCode).toBe(422);
    expect((await call(me.client, '/invoices/abc/pdf')).statusCode).toBe(422);
    // A visitor is asked to sign in.
    const visitor = await t.app.inject({ method: 'GET', url: `/api/v1/billing/invoices/${me.number}` });
    expect(visitor.statusCode).toBe(401);
  });

  it("prints the seller's legal name, address and TIN from the billing settings, as they were at issue", async () => {
    const before = await subscriber();
    // Until the operator fills them in: the site's name, and no address or TIN.
    expect(
      ((await call(before.client, `/invoices/${before.number}`)).json() as InvoiceDocument).seller,
    ).toMatchObject({ name: 'Zema', address: null, tin: null });

    const details = {
      'server.billing.seller_name': 'Zema Music PLC',
      'server.billing.invoice_address': 'Bole Road 12\nAddis Ababa',
      'server.billing.seller_tin': '0012345678',
    };
    const saved = await saveSettings(details);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().server.billing).toMatchObject({
      seller_name: 'Zema Music PLC',
      invoice_address: 'Bole Road 12\nAddis Ababa',
      seller_tin: '0012345678',
    });
    try {
      const me = await subscriber();
      const issued = { name: 'Zema Music PLC', address: 'Bole Road 12\nAddis Ababa', tin: '0012345678' };
      expect(
        ((await call(me.client, `/invoices/${me.number}`)).json() as InvoiceDocument).seller,
      ).toMatchObject(issued);
      // The PDF's author is the seller (an indirect string object of its info dictionary).
      const pdf = pdfContents((await call(me.client, `/invoices/${me.number}/pdf`)).rawPayload);
      expect(pdf).toContain('(Zema Music PLC)');

      // An issued invoice keeps the seller it was issued by; the one issued before stays without.
      expect((await saveSettings({ 'server.billing.seller_name': 'Renamed PLC' })).statusCode).toBe(200);
      expect(
        ((await call(me.client, `/invoices/${me.number}`)).json() as InvoiceDocument).seller,
      ).toMatchObject(issued);
      expect(
        ((await call(before.client, `/invoices/${before.number}`)).json() as InvoiceDocument).seller,
      ).toMatchObject({ name: 'Zema', address: null, tin: null });
      // An invoice from before sellers were kept on invoices names today's settings.
      await t.db.update(invoices).set({ seller: null }).where(eq(invoices.number, before.number));
      expect(
        ((await call(before.client, `/invoices/${before.number}`)).json() as InvoiceDocument).seller,
      ).toMatchObject({ name: 'Renamed PLC', address: 'Bole Road 12\nAddis Ababa', tin: '0012345678' });
    } finally {
      await saveSettings(Object.fromEntries(Object.keys(details).map((key) => [key, null])));
    }
  });

  it('numbers invoices prefix-year-sequence: ZEMA by default, the prefix in the settings, issued numbers kept', async () => {
    const first = await subscriber();
    expect(first.printed).toBe(`ZEMA-${yearNow()}-${String(first.number).padStart(6, '0')}`);
    const doc = (await call(first.client, `/invoices/${first.number}`)).json() as InvoiceDocument;
    expect(doc.invoice).toMatchObject({ number: first.number, display_number: first.printed });
    // The buyer's notice names the invoice as printed.
    const [notice] = await t.db
      .select({ params: notifications.params })
      .from(notifications)
      .where(and(eq(notifications.userId, first.id), eq(notifications.type, 'billing.payment_succeeded')));
    expect(notice!.params).toMatchObject({ invoiceNumber: first.printed });

    const refused = await saveSettings({ 'server.billing.invoice_prefix': 'AC ME' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toHaveProperty(['server.billing.invoice_prefix']);
    const saved = await saveSettings({ 'server.billing.invoice_prefix': 'ACME-ET' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().server.billing.invoice_prefix).toBe('ACME-ET');
    try {
      const next = await subscriber();
      // One sequence on: the year and prefix change nothing about it.
      expect(next.number).toBeGreaterThan(first.number);
      expect(next.printed).toBe(`ACME-ET-${yearNow()}-${String(next.number).padStart(6, '0')}`);
      const again = (await call(first.client, `/invoices/${first.number}`)).json() as InvoiceDocument;
      expect(again.invoice.display_number).toBe(first.printed);
    } finally {
      await saveSettings({ 'server.billing.invoice_prefix': null });
    }
    expect((await saveSettings({})).json().server.billing.invoice_prefix).toBe('ZEMA');
  });

  it('prints an invoice issued before prefixes with the bare number it was issued with', async () => {
    const me = await subscriber();
    await t.db.update(invoices).set({ displayNumber: null }).where(eq(invoices.number, me.number));
    const doc = (await call(me.client, `/invoices/${me.number}`)).json() as InvoiceDocument;
    expect(doc.invoice.display_number).toBe(String(me.number));
    expect((await call(me.client, '/me')).json().invoices[0].display_number).toBe(String(me.number));
    const pdf = await call(me.client, `/invoices/${me.number}/pdf`);
    expect(pdf.headers['content-disposition']).toBe(`attachment; filename="invoice-${me.number}.pdf"`);
    expect(pdfContents(pdf.rawPayload)).toContain(`(Invoice ${me.number})`);
  });

  it('lets an admin with billing.manage read any invoice', async () => {
    const buyer = await subscriber();
    const admin = await createUser(t.db, { permissions: [{ name: ADMIN_PERMISSIONS.billingManage }] });
    const res = await call(await sessionFor(t.db, admin.id), `/invoices/${buyer.number}/pdf`);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('has no billing clock route outside the browser tests', async () => {
    const me = await subscriber();
    const res = await request(t.app, me.client, {
      method: 'POST',
      url: '/api/v1/e2e/billing-clock',
      payload: { days: 40 },
    });
    expect(res.statusCode).toBe(404);
  });

  it('answers 404 while billing is off', async () => {
    const me = await subscriber();
    await t.app.deps.settings.set('billing', { enable: false });
    try {
      expect((await call(me.client, `/invoices/${me.number}/pdf`)).statusCode).toBe(404);
    } finally {
      await t.app.deps.settings.set('billing', { enable: true });
    }
  });
});

describe('script runs', () => {
  it('cuts mixed text into Ethiopic and Latin runs', () => {
    expect(scriptRuns('ብር 199.00')).toEqual([
      { text: 'ብር', ethiopic: true },
      { text: ' 199.00', ethiopic: false },
    ]);
    expect(scriptRuns('')).toEqual([]);
  });
});
