// Reference server for the upload benchmark: a bare Node http server that writes each request's
// body to a file on disk, nothing else (no parsing, no checks, no database).
import { createWriteStream } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';

const dir = process.env.OUT_DIR;
let n = 0;
createServer((req, res) => {
  if (req.url === '/health') return res.writeHead(200).end('ok');
  pipeline(req, createWriteStream(join(dir, `upload-${++n}`))).then(
    () => res.writeHead(204).end(),
    () => res.writeHead(500).end(),
  );
}).listen(Number(process.env.PORT), '127.0.0.1');
