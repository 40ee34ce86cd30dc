import {
  ERROR_LOG_ENTRY_ID,
  type ErrorLogEntry,
  type ErrorLogEntryResponse,
  type ErrorLogListQuery,
} from '@zema/contracts/admin';
import { debugPayloadFromStack } from '#src/lib/debug-trace';
import { listPage, listWindow } from '#src/lib/list-query';
import type { Page } from '#src/lib/pagination';
import type { ErrorLog, ErrorLogRecord } from '#src/platform/error-log';

/**
 * The error log viewer over the log files themselves, not a copy in the
 * database: the files are what the server writes even when the database is the thing failing.
 * Each list scans the files in question (a day's, or all), which the log's bounds keep small
 * (ERROR_LOG_LIMITS: at most 14 files of 5 MB).
 */

/** Files without a full line for a repeat are searched this far back for its stack. */
const STACK_SEARCH_FILES = 3;

function toEntry(r: ErrorLogRecord): ErrorLogEntry {
  return {
    id: r.id,
    level: r.level,
    time: r.time,
    first_time: r.first_time,
    count: r.count,
    exception: r.exception,
    message: r.message,
    method: r.method,
    route: r.route,
    url: r.url,
    req_id: r.reqId,
    fingerprint: r.fingerprint,
  };
}

export async function listErrorLog(
  errorLog: ErrorLog,
  query: ErrorLogListQuery,
): Promise<Page<ErrorLogEntry>> {
  // Repeats still being counted are written first, so the list shows them with their counts.
  await errorLog.flush();
  const files = query.day ? await errorLog.dayFiles(query.day) : await errorLog.files();
  const term = query.query?.toLowerCase();
  const matches: ErrorLogEntry[] = [];
  for await (const record of errorLog.read(files)) {
    if (query.level && record.level !== query.level) continue;
    if (
      term &&
      !`${record.exception} ${record.message} ${record.route} ${record.url}`.toLowerCase().includes(term)
    )
      continue;
    matches.push(toEntry(record));
  }
  const desc = (query.order ?? (query.sort ? 'asc' : 'desc')) === 'desc';
  // Time, then position in the files: summary lines are written after the time they report.
  matches.sort((a, b) => {
    const c = a.time < b.time ? -1 : a.time > b.time ? 1 : comparePosition(a.id, b.id);
    return desc ? -c : c;
  });
  const { perPage, offset } = listWindow(query);
  return listPage(matches.slice(offset, offset + perPage), matches.length, query);
}

/** `day.seq.offset` ids in file order. */
function comparePosition(a: string, b: string): number {
  const pa = a.split('.');
  const pb = b.split('.');
  if (pa[0] !== pb[0]) return pa[0]! < pb[0]! ? -1 : 1;
  return Number(pa[1]) - Number(pb[1]) || Number(pa[2]) - Number(pb[2]);
}

/**
 * One entry with its frames. A line that only counts repeats has no stack of its own: the full
 * line of the same error (same fingerprint) written before it has.
 */
export async function errorLogEntry(errorLog: ErrorLog, id: string): Promise<ErrorLogEntryResponse | null> {
  const m = ERROR_LOG_ENTRY_ID.exec(id);
  if (!m) return null;
  const record = await errorLog.entryAt(m[1]!, Number(m[2]), Number(m[3]));
  if (!record) return null;
  let stack = record.stack;
  if (stack === null && record.fingerprint) {
    const files = await errorLog.files();
    const at = files.findIndex((f) => f.day === m[1] && f.seq === Number(m[2]));
    const searched = files.slice(Math.max(0, at - STACK_SEARCH_FILES + 1), at + 1);
    for await (const r of errorLog.read(searched)) {
      if (comparePosition(r.id, record.id) >= 0) break;
      if (r.fingerprint === record.fingerprint && r.stack !== null) stack = r.stack;
    }
  }
  return {
    entry: toEntry(record),
    debug: debugPayloadFromStack(record.exception, record.message, stack),
  };
}
