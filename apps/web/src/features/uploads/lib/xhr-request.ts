import { ApiError } from '#src/lib/api-error';

export interface XhrRequest {
  method: 'POST' | 'PUT';
  url: string;
  body: XMLHttpRequestBodyInit;
  headers?: Record<string, string>;
  /** Cookies go only to our own server; a presigned storage URL must not get them. */
  withCredentials?: boolean;
  signal?: AbortSignal;
  /** Bytes of the body sent so far. */
  onProgress?: (loaded: number) => void;
}

export interface XhrResponse {
  status: number;
  body: unknown;
  header: (name: string) => string | null;
}

/**
 * One request through XMLHttpRequest, because fetch reports no upload progress. Resolves on 2xx;
 * a server's error answer rejects as ApiError (its JSON message kept for SPEC §8), a network
 * failure as a TypeError, an abort with the signal's reason.
 */
export function xhrRequest(req: XhrRequest): Promise<XhrResponse> {
  return new Promise((resolve, reject) => {
    if (req.signal?.aborted) {
      reject(req.signal.reason);
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open(req.method, req.url);
    xhr.withCredentials = req.withCredentials ?? false;
    for (const [name, value] of Object.entries(req.headers ?? {})) xhr.setRequestHeader(name, value);
    const onAbort = () => xhr.abort();
    req.signal?.addEventListener('abort', onAbort, { once: true });
    const done = () => req.signal?.removeEventListener('abort', onAbort);
    if (req.onProgress) {
      const report = req.onProgress;
      xhr.upload.addEventListener('progress', (e) => report(e.loaded));
    }
    xhr.addEventListener('load', () => {
      done();
      const body = parseBody(xhr);
      if (xhr.status >= 200 && xhr.status < 300) {
        resolve({ status: xhr.status, body, header: (name) => xhr.getResponseHeader(name) });
      } else {
        reject(new ApiError(xhr.status, body));
      }
    });
    xhr.addEventListener('error', () => {
      done();
      reject(new TypeError(`Network error during ${req.method} upload`));
    });
    xhr.addEventListener('timeout', () => {
      done();
      reject(new TypeError(`Timed out during ${req.method} upload`));
    });
    xhr.addEventListener('abort', () => {
      done();
      reject(req.signal?.reason ?? new DOMException('Upload aborted', 'AbortError'));
    });
    xhr.send(req.body);
  });
}

function parseBody(xhr: XMLHttpRequest): unknown {
  const text = xhr.responseText;
  if (!text) return undefined;
  if ((xhr.getResponseHeader('content-type') ?? '').includes('json')) {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text;
}
