import { describe, expect, it } from 'vitest';
import { type TransFn, translate } from '#src/lib/i18n';
import { replyHref } from './reply-href';

const english: TransFn = (message, values) => translate({}, message, values);

describe('replyHref', () => {
  it("answers the sender with 'Re: …' and their words quoted", () => {
    const href = replyHref(
      { name: 'Abebe', email: 'abebe+band@example.com', message: 'Hello & hi?\nSecond line' },
      'Zema',
      english,
    );
    const url = new URL(href);
    expect(url.protocol).toBe('mailto:');
    expect(decodeURIComponent(url.pathname)).toBe('abebe+band@example.com');
    expect(url.searchParams.get('subject')).toBe('Re: Your message to Zema');
    expect(url.searchParams.get('body')).toBe('\n\nAbebe wrote:\n> Hello & hi?\n> Second line');
  });

  it('keeps the link short enough for mail apps', () => {
    const href = replyHref({ name: 'A', email: 'a@example.com', message: 'x'.repeat(5000) }, 'Zema', english);
    expect(new URL(href).searchParams.get('body')!.length).toBeLessThan(1700);
  });
});
