import { valueListsResponseSchema } from '@zema/contracts';
import { describe, expect, it } from 'vitest';
import { COUNTRY_CODES } from '#src/lib/countries';
import { localizations } from '#src/modules/localization/tables';
import { useApp } from '#test/helpers';
import { utcOffset } from './value-lists.service';

const t = useApp();

describe('GET /api/v1/value-lists/:names', () => {
  it('answers timezones grouped by region with value and offset text', async () => {
    const res = await t.app.inject({ url: '/api/v1/value-lists/timezones' });
    expect(res.statusCode).toBe(200);
    const body = valueListsResponseSchema.parse(res.json());
    expect(Object.keys(body)).toEqual(['timezones']);
    expect(body.timezones!.Africa).toContainEqual({
      value: 'Africa/Addis_Ababa',
      text: '(UTC+03:00) Africa/Addis Ababa',
    });
    expect(body.timezones!.America!.some((z) => z.value === 'America/New_York')).toBe(true);
    for (const [region, zones] of Object.entries(body.timezones!)) {
      for (const z of zones) {
        expect(z.value.split('/')[0]).toBe(region);
        expect(z.text).toMatch(/^\(UTC[+-]\d\d:\d\d\) /);
      }
    }
  });

  it('answers countries with ISO codes and English names sorted by name', async () => {
    const res = await t.app.inject({ url: '/api/v1/value-lists/countries' });
    const { countries } = valueListsResponseSchema.parse(res.json());
    expect(countries).toHaveLength(COUNTRY_CODES.length);
    expect(countries).toContainEqual({ code: 'ET', name: 'Ethiopia' });
    const names = countries!.map((c) => c.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
    expect(new Set(countries!.map((c) => c.code)).size).toBe(countries!.length);
  });

  it('answers several comma-joined lists at once, localizations from the table', async () => {
    // English and Amharic come with the seed; a third language shows up as soon as it is added.
    await t.db.insert(localizations).values({ name: 'ትግርኛ', language: 'ti', lines: {} });
    const res = await t.app.inject({ url: '/api/v1/value-lists/localizations,countries' });
    const body = valueListsResponseSchema.parse(res.json());
    expect(Object.keys(body).sort()).toEqual(['countries', 'localizations']);
    expect(body.localizations!.map((l) => l.language).sort()).toEqual(['am', 'en', 'ti']);
  });

  it('answers 422 for an unknown list', async () => {
    const res = await t.app.inject({ url: '/api/v1/value-lists/timezones,planets' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.names[0]).toContain('planets');
  });
});

describe('utcOffset', () => {
  it('formats whole and fractional offsets and UTC itself', () => {
    const jan = new Date('2025-01-15T12:00:00Z');
    expect(utcOffset('UTC', jan)).toBe('+00:00');
    expect(utcOffset('Asia/Kolkata', jan)).toBe('+05:30');
    expect(utcOffset('America/New_York', jan)).toBe('-05:00');
  });
});
