// A real S3 peer for storage and direct-upload tests, and the store of `npm run cluster`
// (scripts/cluster/) when no S3_* is set; never imported by the app.
import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';

/** s3rver's fixed credentials (it checks the key id; Zema signs with them like with any store). */
export const S3RVER_KEY = 'S3RVER';
export const S3_TEST_BUCKET = 'zema-test';

// Browsers PUT parts cross-origin and read each part's ETag: the bucket CORS a real install needs.
const CORS = `<CORSConfiguration>
  <CORSRule>
    <AllowedOrigin>*</AllowedOrigin>
    <AllowedMethod>GET</AllowedMethod>
    <AllowedMethod>PUT</AllowedMethod>
    <AllowedMethod>HEAD</AllowedMethod>
    <AllowedHeader>*</AllowedHeader>
    <ExposeHeader>ETag</ExposeHeader>
    <MaxAgeSeconds>3000</MaxAgeSeconds>
  </CORSRule>
</CORSConfiguration>`;

const xml = (res: ServerResponse, status: number, body: string) => {
  res.writeHead(status, { 'content-type': 'application/xml' });
  res.end(`<?xml version="1.0" encoding="UTF-8"?>\n${body}`);
};
const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const noSuchUpload = (res: ServerResponse) =>
  xml(
    res,
    404,
    '<Error><Code>NoSuchUpload</Code><Message>The specified upload does not exist.</Message></Error>',
  );

/**
 * s3rver (a real S3 implementation on the local file system) on a random port, with one bucket
 * whose CORS exposes ETag. s3rver 3.x implements create/upload-part/complete but not ListParts,
 * AbortMultipartUpload or ListMultipartUploads; this peer answers those three itself, in S3's XML,
 * from s3rver's own upload folders (`<bucket>/._S3rver_uploads/<UploadId>/<part>` + `.md5`), so
 * every multipart call goes through the AWS SDK against one store. ListParts pages like S3
 * (`max-parts`, default 1 000, `part-number-marker`).
 */
export async function startS3(
  opts: {
    /** Where the objects live, kept on close (`npm run cluster`); default a temporary folder, removed. */
    directory?: string;
    /** Default: any free port. */
    port?: number;
    host?: string;
  } = {},
) {
  const directory = opts.directory ?? (await mkdtemp(join(tmpdir(), 'zema-s3-')));
  const s3rver = new S3rver({
    directory,
    silent: true,
    vhostBuckets: false,
    configureBuckets: [{ name: S3_TEST_BUCKET, configs: [CORS] }],
  });
  await s3rver.configureBuckets();
  const handle = s3rver.callback();
  const uploadsDir = (bucket: string) => join(directory, bucket, '._S3rver_uploads');

  const listParts = async (
    res: ServerResponse,
    bucket: string,
    key: string,
    uploadId: string,
    q: URLSearchParams,
  ) => {
    const dir = join(uploadsDir(bucket), uploadId);
    const names = await readdir(dir).catch(() => null);
    if (!names) return noSuchUpload(res);
    const max = Math.min(1000, Number(q.get('max-parts') ?? 1000));
    const marker = Number(q.get('part-number-marker') ?? 0);
    const numbers = names
      .filter((n) => /^\d+$/.test(n))
      .map(Number)
      .filter((n) => n > marker)
      .sort((a, b) => a - b);
    const page = numbers.slice(0, max);
    const parts = await Promise.all(
      page.map(async (n) => {
        const [md5, info] = await Promise.all([
          readFile(join(dir, `${n}.md5`), 'utf8'),
          stat(join(dir, String(n))),
        ]);
        return `<Part><PartNumber>${n}</PartNumber><LastModified>${info.mtime.toISOString()}</LastModified><ETag>"${md5}"</ETag><Size>${info.size}</Size></Part>`;
      }),
    );
    const truncated = numbers.length > page.length;
    xml(
      res,
      200,
      `<ListPartsResult><Bucket>${esc(bucket)}</Bucket><Key>${esc(key)}</Key><UploadId>${esc(uploadId)}</UploadId>` +
        `<PartNumberMarker>${marker}</PartNumberMarker><NextPartNumberMarker>${page.at(-1) ?? marker}</NextPartNumberMarker>` +
        `<MaxParts>${max}</MaxParts><IsTruncated>${truncated}</IsTruncated>${parts.join('')}</ListPartsResult>`,
    );
  };

  const listUploads = async (res: ServerResponse, bucket: string) => {
    const ids = await readdir(uploadsDir(bucket)).catch(() => [] as string[]);
    const uploads = await Promise.all(
      ids.map(async (id) => {
        const key = await readFile(join(uploadsDir(bucket), id, 'key'), 'utf8').catch(() => null);
        return key === null ? '' : `<Upload><Key>${esc(key)}</Key><UploadId>${esc(id)}</UploadId></Upload>`;
      }),
    );
    xml(
      res,
      200,
      `<ListMultipartUploadsResult><Bucket>${esc(bucket)}</Bucket><IsTruncated>false</IsTruncated>${uploads.join('')}</ListMultipartUploadsResult>`,
    );
  };

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://s3.local');
    const [, bucket = '', ...rest] = url.pathname.split('/');
    const key = decodeURIComponent(rest.join('/'));
    const uploadId = url.searchParams.get('uploadId');
    const run = (fn: () => Promise<void>) =>
      fn().catch((err: unknown) => {
        res.writeHead(500).end(String(err));
      });
    if (req.method === 'GET' && key && uploadId && !url.searchParams.has('partNumber')) {
      return void run(() => listParts(res, bucket, key, uploadId, url.searchParams));
    }
    if (req.method === 'DELETE' && key && uploadId) {
      return void run(async () => {
        const dir = join(uploadsDir(bucket), uploadId);
        if (!(await stat(dir).catch(() => null))) return noSuchUpload(res);
        await rm(dir, { recursive: true, force: true });
        res.writeHead(204).end();
      });
    }
    if (req.method === 'GET' && !key && url.searchParams.has('uploads')) {
      return void run(() => listUploads(res, bucket));
    }
    handle(req, res);
  });
  // Clients keep connections alive between part PUTs: closing an idle one just as a client reuses
  // it resets that request (Node's 5 s default), so idle connections live longer than any pause.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  const host = opts.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, host, resolve);
  });
  const endpoint = `http://${host}:${(server.address() as AddressInfo).port}`;

  return {
    endpoint,
    bucket: S3_TEST_BUCKET,
    /** Zema's S3_* variables pointing at this store. */
    env: {
      S3_BUCKET: S3_TEST_BUCKET,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: S3RVER_KEY,
      S3_SECRET_ACCESS_KEY: S3RVER_KEY,
      S3_FORCE_PATH_STYLE: 'true',
    } as Record<string, string>,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      if (!opts.directory) await rm(directory, { recursive: true, force: true });
    },
  };
}
