import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { DebugErrorPayload, ErrorFrame, ErrorTraceItem } from '@zema/contracts';

const SNIPPET_RADIUS = 7;
const MAX_FRAMES = 50;
const MAX_CACHED_FILES = 200;
const fileCache = new Map<string, string[] | null>();

function sourceLines(path: string): string[] | null {
  if (fileCache.has(path)) return fileCache.get(path)!;
  let lines: string[] | null = null;
  try {
    lines = readFileSync(path, 'utf8').split(/\r?\n/);
  } catch {
    lines = null;
  }
  if (fileCache.size >= MAX_CACHED_FILES) fileCache.clear();
  fileCache.set(path, lines);
  return lines;
}

type RawFrame = { method: string; path: string; lineNumber: number };

// "    at method (path:line:col)", "    at path:line:col", "    at async method (path:line:col)".
const FRAME_WITH_METHOD = /^\s*at (?:async )?(.*?) \((.*):(\d+):\d+\)$/;
const FRAME_WITHOUT_METHOD = /^\s*at (?:async )?(.*):(\d+):\d+$/;

export function parseStack(stack: string | undefined): RawFrame[] {
  const frames: RawFrame[] = [];
  for (const line of (stack ?? '').split('\n')) {
    const withMethod = FRAME_WITH_METHOD.exec(line);
    const withoutMethod = withMethod ? null : FRAME_WITHOUT_METHOD.exec(line);
    const m = withMethod
      ? { method: withMethod[1]!, path: withMethod[2]!, line: withMethod[3]! }
      : withoutMethod
        ? { method: '<anonymous>', path: withoutMethod[1]!, line: withoutMethod[2]! }
        : null;
    if (!m) continue;
    let path = m.path;
    if (path.startsWith('file://')) {
      try {
        path = fileURLToPath(path);
      } catch {
        // Keep the URL as is; the snippet will just be empty.
      }
    }
    frames.push({ method: m.method, path, lineNumber: Number(m.line) });
    if (frames.length >= MAX_FRAMES) break;
  }
  return frames;
}

export function isVendorPath(path: string): boolean {
  return path.includes('/node_modules/') || path.startsWith('node:') || !path.startsWith('/');
}

function snippet(path: string, lineNumber: number): Record<string, string> {
  if (path.startsWith('node:') || !path.startsWith('/')) return {};
  const lines = sourceLines(path);
  if (!lines) return {};
  const out: Record<string, string> = {};
  const from = Math.max(1, lineNumber - SNIPPET_RADIUS);
  const to = Math.min(lines.length, lineNumber + SNIPPET_RADIUS);
  for (let n = from; n <= to; n++) out[String(n)] = lines[n - 1]!;
  return out;
}

/**
 * The SPEC §3 error payload. Stack positions point into src/*.ts because the server runs with
 * source maps applied (node --enable-source-maps, or vitest), so snippets are the real source.
 */
export function buildDebugPayload(error: Error): DebugErrorPayload {
  return debugPayloadFromStack(
    error.name && error.name !== 'Error' ? error.name : error.constructor?.name || 'Error',
    error.message,
    error.stack,
  );
}

/**
 * The same payload from a stack kept as text (the error log's entries): snippets are read from
 * the source as it is now, which is the failing code unless the server was updated since.
 */
export function debugPayloadFromStack(
  exception: string,
  message: string,
  stack: string | null | undefined,
): DebugErrorPayload {
  const frames: ErrorFrame[] = parseStack(stack ?? undefined).map((f, flatIndex) => ({
    ...f,
    codeSnippet: snippet(f.path, f.lineNumber),
    flatIndex,
    isVendor: isVendorPath(f.path),
  }));
  const trace: ErrorTraceItem[] = [];
  let totalVendorGroups = 0;
  for (const frame of frames) {
    const last = trace[trace.length - 1];
    if (!frame.isVendor) {
      trace.push(frame);
    } else if (last && 'vendorGroup' in last) {
      last.items.push(frame);
    } else {
      trace.push({ vendorGroup: true, items: [frame] });
      totalVendorGroups++;
    }
  }
  return { message, exception, trace, totalVendorGroups };
}
