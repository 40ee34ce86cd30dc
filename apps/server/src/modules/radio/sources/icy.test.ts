import { createServer, type Server, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { recordReadings } from '#test/icecast';
import { SOURCE_MESSAGES } from './errors';
import { decodeIcyText, IcyMetadataReader, streamTitle } from './icy';
import { readSourceOnce, watchSource } from './index';
import type { SourceReading } from './types';

const local = { allowPrivateAddresses: true, timeoutMs: 3000 };
const servers: Server[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) {
    await new Promise((r) => s.close(r));
  }
});

/** One metadata slot: the length byte and the text padded with NULs to a multiple of 16. */
function slot(text: string | Buffer): Buffer {
  const bytes = typeof text === 'string' ? Buffer.from(text, 'utf8') : text;
  const blocks = Math.ceil(bytes.length / 16);
  const out = Buffer.alloc(1 + blocks * 16);
  out[0] = blocks;
  bytes.copy(out, 1);
  return out;
}

/**
 * A stream server as SHOUTcast 1 and Icecast answer (raw TCP, so the status line can be
 * `ICY 200 OK`): `serve` writes to each connection after the request's head arrived.
 */
async function streamServer(serve: (socket: Socket, request: string) => void) {
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    let head = '';
    socket.on('data', (chunk) => {
      if (head.includes('\r\n\r\n')) return;
      head += chunk.toString('latin1');
      if (head.includes('\r\n\r\n')) serve(socket, head);
    });
  });
  servers.push(server);
  const closeAll = server.close.bind(server);
  server.close = ((cb?: (err?: Error) => void) => {
    for (const s of sockets) s.destroy();
    return closeAll(cb);
  }) as typeof server.close;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as { port: number }).port}`;
}

const METAINT = 64;
const audio = (n = METAINT) => Buffer.alloc(n, 0xff);

describe('ICY metadata parsing', () => {
  it('finds the blocks between audio at any chunking, and the empty slots', () => {
    const stream = Buffer.concat([
      audio(),
      slot("StreamTitle='A - One';"),
      audio(),
      Buffer.from([0]),
      audio(),
      slot("StreamTitle='B - Two';StreamUrl='';"),
      audio(10),
    ]);
    for (const size of [1, 3, 17, 1000]) {
      const blocks: string[] = [];
      const reader = new IcyMetadataReader(METAINT, (b) => blocks.push(decodeIcyText(b)));
      for (let i = 0; i < stream.length; i += size) reader.push(stream.subarray(i, i + size));
      expect(blocks, `chunks of ${size}`).toEqual([
        "StreamTitle='A - One';",
        '',
        "StreamTitle='B - Two';StreamUrl='';",
      ]);
    }
  });

  it('reads StreamTitle with apostrophes, other keys, NUL padding, UTF-8 or Latin-1', () => {
    const title = (s: string | Buffer) => streamTitle(slot(s).subarray(1));
    expect(title("StreamTitle='Guns N' Roses - Don't Cry';StreamUrl='http://x/';")).toBe(
      "Guns N' Roses - Don't Cry",
    );
    expect(title("StreamTitle='It's ok';")).toBe("It's ok");
    expect(title("StreamTitle='ጥላሁን ገሠሠ - ትዝታ';")).toBe('ጥላሁን ገሠሠ - ትዝታ');
    expect(title(Buffer.from("StreamTitle='Caf\xe9 Tacvba - M\xe1s';", 'latin1'))).toBe('Café Tacvba - Más');
    expect(title("StreamTitle='Mulatu &#4901; &#x2019;';")).toBe('Mulatu ጥ ’');
    expect(title("StreamTitle='';")).toBeNull();
    expect(title("StreamUrl='http://x/';")).toBeUndefined();
    expect(title("StreamTitle='cut off")).toBe('cut off');
  });
});

describe('ICY stream watcher', () => {
  it('reads a SHOUTcast 1 answer (ICY 200 OK): the first title, each change, then the end rejects', async () => {
    const conn: { send?: (text: string) => void; end?: () => void; request?: string } = {};
    const base = await streamServer((socket, head) => {
      conn.request = head;
      socket.write(
        `ICY 200 OK\r\nicy-name: Test FM\r\nicy-metaint: ${METAINT}\r\ncontent-type: audio/mpeg\r\n\r\n`,
      );
      socket.write(
        Buffer.concat([audio(), slot("StreamTitle='Aster Aweke - Abebayehosh';"), audio(), Buffer.from([0])]),
      );
      conn.send = (text) => socket.write(Buffer.concat([audio(), slot(text)]));
      conn.end = () => socket.end();
    });
    const readings = recordReadings<SourceReading>();
    const controller = new AbortController();
    const watching = watchSource(
      { kind: 'icy', url: `${base}/;stream.mp3` },
      [],
      (r) => readings.push(r),
      controller.signal,
      local,
    );
    watching.catch(() => undefined);
    await readings.waitFor((r) => r.song?.title === 'Abebayehosh');
    expect(conn.request).toMatch(/^GET \/;stream\.mp3 HTTP\/1\.0\r\n/);
    expect(conn.request).toMatch(/\r\nIcy-MetaData: 1\r\n/i);
    expect(conn.request).toMatch(/\r\nUser-Agent: Zema radio\r\n/i);

    conn.send?.("StreamTitle='Gigi - Abebayehu';");
    conn.send?.("StreamTitle='Gigi - Abebayehu';"); // repeated: not news
    conn.send?.("StreamTitle='';");
    await readings.waitFor((r) => r.song === null);
    expect(readings.values()).toEqual([
      {
        song: {
          title: 'Abebayehosh',
          artist: 'Aster Aweke',
          album: null,
          art: null,
          startedAt: null,
          duration: null,
        },
        listeners: null,
      },
      {
        song: { title: 'Abebayehu', artist: 'Gigi', album: null, art: null, startedAt: null, duration: null },
        listeners: null,
      },
      { song: null, listeners: null },
    ]);
    conn.end?.();
    await expect(watching).rejects.toThrow(SOURCE_MESSAGES.streamEnded);
  });

  it('follows a redirect and reads an HTTP answer; stops cleanly when aborted', async () => {
    const base = await streamServer((socket, head) => {
      if (head.startsWith('GET /old ')) {
        socket.end('HTTP/1.1 302 Found\r\nLocation: /new\r\nContent-Length: 0\r\n\r\n');
        return;
      }
      socket.write(`HTTP/1.0 200 OK\r\nicy-metaint: ${METAINT}\r\n\r\n`);
      socket.write(Buffer.concat([audio(), slot("StreamTitle='Teddy Afro - Tikur Sew';")]));
    });
    expect((await readSourceOnce({ kind: 'icy', url: `${base}/old` }, [], local)).song?.artist).toBe(
      'Teddy Afro',
    );
    const controller = new AbortController();
    const readings = recordReadings<SourceReading>();
    const watching = watchSource(
      { kind: 'icy', url: `${base}/new` },
      [],
      (r) => readings.push(r),
      controller.signal,
      local,
    );
    await readings.waitFor(() => true);
    controller.abort();
    await expect(watching).resolves.toBeUndefined();
  });

  it('rejects a stream without icy-metaint, an error status, and a stream that sends nothing', async () => {
    const base = await streamServer((socket, head) => {
      if (head.startsWith('GET /plain ')) socket.write('HTTP/1.0 200 OK\r\ncontent-type: audio/mpeg\r\n\r\n');
      else if (head.startsWith('GET /silent '))
        socket.write(`HTTP/1.0 200 OK\r\nicy-metaint: ${METAINT}\r\n\r\n`);
      else socket.end('HTTP/1.0 404 Not Found\r\n\r\n');
    });
    const read = (path: string, timeoutMs = 3000) =>
      readSourceOnce({ kind: 'icy', url: `${base}${path}` }, [], { ...local, timeoutMs });
    await expect(read('/plain')).rejects.toThrow(SOURCE_MESSAGES.noIcyMetadata);
    await expect(read('/missing')).rejects.toThrow(SOURCE_MESSAGES.httpError);
    await expect(read('/silent', 300)).rejects.toThrow(SOURCE_MESSAGES.timeout);
    const controller = new AbortController();
    const silent = watchSource(
      { kind: 'icy', url: `${base}/silent` },
      [],
      () => undefined,
      controller.signal,
      {
        ...local,
        timeoutMs: 300,
      },
    );
    await expect(silent).rejects.toThrow(SOURCE_MESSAGES.timeout);
  });
});
