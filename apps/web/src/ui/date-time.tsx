import { formatDateTime, formatShortDateTime, useFormat } from '#src/lib/format';

/**
 * A moment in a table or a detail list: one short form everywhere ("Nov 28, 2026, 02:05 PM"), kept
 * on one line, with the full date and time (seconds, time zone) on hover. In the reader's language
 * unless `language` names another.
 */
export function DateTime({ iso, language }: { iso: string | null | undefined; language?: string }) {
  const format = useFormat();
  if (!iso) return <>—</>;
  const locale = language ?? format.language;
  const full = formatDateTime(iso, locale, { dateStyle: 'full', timeStyle: 'long' });
  return (
    <time dateTime={iso} title={full} className="whitespace-nowrap">
      {formatShortDateTime(iso, locale)}
    </time>
  );
}
