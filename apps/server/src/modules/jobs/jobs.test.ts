import { context, propagation, trace } from '@opentelemetry/api';
import { InMemorySpanExporter, NodeTracerProvider, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-node';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { createBackgroundTasks } from '#src/platform/background';
import type { ScheduledTask } from '#src/platform/schedule';
import { enterRequest, workLogMixin } from '#src/platform/work-context';
import { adminUserId, createUser, tokenFor, uniqueSuffix, useApp } from '#test/helpers';
import { createBullmqEngine } from './bullmq';
import { type JobEngine, type QueueSpec, specOf } from './engine';
import { createInProcessEngine } from './in-process';

const log = pino({ level: 'silent' });
const until = async (check: () => boolean | Promise<boolean>) => {
  while (!(await check())) await new Promise((resolve) => setTimeout(resolve, 10));
};

type Failure = { queue: string; err: unknown };
/** One engine of each kind this machine can run: in-process always, BullMQ where its store is set. */
const ENGINES: { kind: string; make(ns: string, failures: Failure[]): JobEngine }[] = [
  {
    kind: 'in-process',
    make: (_ns, failures) => createInProcessEngine(log, (queue, err) => failures.push({ queue, err })),
  },
  ...(process.env.REDIS_URL
    ? [
        {
          kind: 'redis',
          make: (ns: string, failures: Failure[]) =>
            createBullmqEngine({ kind: 'redis', url: process.env.REDIS_URL! }, ns, log, (queue, err) =>
              failures.push({ queue, err }),
            ),
        },
      ]
    : []),
  ...(process.env.DATABASE_URL && process.env.ZEMA_TEST_DB === 'postgres'
    ? [
        {
          kind: 'postgres',
          make: (ns: string, failures: Failure[]) =>
            createBullmqEngine({ kind: 'postgres', url: process.env.DATABASE_URL! }, ns, log, (queue, err) =>
              failures.push({ queue, err }),
            ),
        },
      ]
    : []),
];

describe.each(ENGINES)('the $kind engine', ({ kind, make }) => {
  const namespace = () => `t${uniqueSuffix().replace(/\W/g, '').slice(-10)}-`;

  it('retries a failing job with backoff, keeps it in the failed list when every try failed (error scrubbed), and runs it again on retry', async () => {
    const failures: Failure[] = [];
    const engine = make(namespace(), failures);
    const tries = new Map<string, number>();
    let healthy = false;
    const spec: QueueSpec = specOf({
      name: 'flaky',
      attempts: 3,
      backoffMs: 30,
      run: async (data) => {
        const { id } = data as { id: string };
        tries.set(id, (tries.get(id) ?? 0) + 1);
        if (id === 'recovers' && tries.get(id)! < 2) throw new Error('first try fails');
        if (id === 'broken' && !healthy) throw new Error('mail to someone@example.com refused');
      },
    });
    try {
      await engine.start([spec]);
      await engine.send('flaky', { id: 'recovers' });
      await engine.send('flaky', { id: 'broken' });
      await until(async () => tries.get('recovers') === 2 && failures.length === 1);
      expect(tries.get('broken')).toBe(3);
      const [failed] = (await engine.failed('flaky', 10))!;
      expect(failed).toMatchObject({ queue: 'flaky', attempts: 3 });
      expect(failed!.error).toContain('refused');
      expect(failed!.error).not.toContain('someone@example.com');
      expect(failures.map((f) => f.queue)).toEqual(['flaky']);
      const [row] = (await engine.overview()).filter((q) => q.name === 'flaky');
      expect(row).toMatchObject({ kind: 'queue', failed: 1, attempts: 3, concurrency: 1 });

      healthy = true;
      expect(await engine.retry('flaky', failed!.id)).toBe(true);
      await until(async () => tries.get('broken') === 4);
      await engine.flush();
      await until(async () => (await engine.failed('flaky', 10))!.length === 0);
      expect(await engine.retry('flaky', failed!.id)).toBe(false);
      expect(await engine.failed('nope', 10)).toBeUndefined();
    } finally {
      await engine.stop();
    }
  });

  it('runs one job per key while one is pending, and no more at once than the queue allows across instances', async () => {
    const ns = namespace();
    const engines = [make(ns, []), ...(kind === 'in-process' ? [] : [make(ns, [])])];
    let running = 0;
    let most = 0;
    const done: number[] = [];
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const spec = specOf({
      name: 'one-at-a-time',
      concurrency: 1,
      run: async (data) => {
        running += 1;
        most = Math.max(most, running);
        await gate;
        await new Promise((resolve) => setTimeout(resolve, 5));
        running -= 1;
        done.push((data as { n: number }).n);
      },
    });
    try {
      for (const engine of engines) await engine.start([spec]);
      await engines[0]!.send('one-at-a-time', { n: 1 }, { key: 'same' });
      await engines[0]!.send('one-at-a-time', { n: 2 }, { key: 'same' });
      for (let n = 3; n <= 6; n++) await engines[n % engines.length]!.send('one-at-a-time', { n });
      await until(() => running === 1);
      release();
      await until(() => done.length === 5);
      expect(most).toBe(1);
      expect(done.sort()).toEqual([1, 3, 4, 5, 6]);
    } finally {
      for (const engine of engines) await engine.stop();
    }
  });

  it("carries the sending request's id into the job's log lines, wherever it runs", async () => {
    const lines: Record<string, unknown>[] = [];
    const logger = pino(
      { level: 'info', mixin: workLogMixin },
      { write: (line: string) => lines.push(JSON.parse(line)) },
    );
    const engine = make(namespace(), []);
    try {
      await engine.start([specOf({ name: 'logs', run: async (data) => logger.info({ data }, 'job ran') })]);
      await new Promise<void>((resolve, reject) =>
        enterRequest('req-from-a-browser', () => {
          engine.send('logs', { n: 1 }).then(resolve, reject);
        }),
      );
      await engine.send('logs', { n: 2 });
      await until(() => lines.length === 2);
      const byN = (n: number) => lines.find((l) => (l.data as { n: number }).n === n);
      expect(byN(1)).toMatchObject({ msg: 'job ran', reqId: 'req-from-a-browser' });
      expect(byN(2)!.reqId).toBeUndefined();
    } finally {
      await engine.stop();
    }
  });

  it.skipIf(kind === 'in-process')(
    'runs a periodic task once per period whichever instance takes it, never two runs at once',
    async () => {
      const ns = namespace();
      const engines = [make(ns, []), make(ns, [])];
      const starts: number[] = [];
      let running = 0;
      let overlapped = false;
      const task: ScheduledTask = {
        name: 'tick',
        everyMs: 200,
        run: async () => {
          if (running) overlapped = true;
          running += 1;
          starts.push(Date.now());
          await new Promise((resolve) => setTimeout(resolve, 20));
          running -= 1;
        },
      };
      try {
        const began = Date.now();
        for (const engine of engines) await engine.startPeriodic([task]);
        await until(() => starts.length >= 3);
        const elapsed = Date.now() - began;
        // Two instances, one scheduler: at most one run per period (plus the first), never twice.
        expect(starts.length).toBeLessThanOrEqual(Math.floor(elapsed / task.everyMs) + 2);
        expect(overlapped).toBe(false);
        const [row] = await engines[0]!.overview();
        expect(row).toMatchObject({ name: 'tick', kind: 'periodic', every_ms: 200 });
      } finally {
        for (const engine of engines) await engine.stop();
      }
    },
  );
});

describe('the admin jobs page API', () => {
  const t = useApp();

  it('lists the queues of the install, shows failed jobs and retries them, for admins only', async () => {
    const admin = (await tokenFor(t.db, await adminUserId(t.db))).token;
    const user = (await tokenFor(t.db, (await createUser(t.db)).id)).token;
    const api = (method: 'GET' | 'POST', url: string, token = admin) =>
      t.app.inject({
        method,
        url: `/api/v1/admin/jobs${url}`,
        headers: { authorization: `Bearer ${token}` },
      });

    const listed = await api('GET', '');
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json().engine).toBe(
      process.env.REDIS_URL && process.env.ZEMA_TEST_DB === 'postgres' ? 'redis' : 'in-process',
    );
    expect(listed.json().queues.map((q: { name: string }) => q.name)).toContain('ingest-track');

    expect((await api('GET', '', user)).statusCode).toBe(403);
    expect((await api('GET', '/ingest-track/failed', user)).statusCode).toBe(403);
    expect((await api('POST', '/ingest-track/failed/1/retry', user)).statusCode).toBe(403);

    const failed = await api('GET', '/ingest-track/failed');
    expect(failed.statusCode, failed.body).toBe(200);
    expect(failed.json().data).toEqual([]);
    expect((await api('GET', '/no-such-queue/failed')).statusCode).toBe(404);
    expect((await api('GET', '/..%2Fetc/failed')).statusCode).toBe(422);
    const retried = await api('POST', '/ingest-track/failed/12345/retry');
    expect(retried.statusCode).toBe(404);
    expect(retried.json().message).toBe('There is no such failed job.');
  });
});

describe('background tasks', () => {
  it("log with the id of the request that started them; the request's own lines are left to its logger", async () => {
    const lines: Record<string, unknown>[] = [];
    const logger = pino(
      { level: 'info', mixin: workLogMixin },
      { write: (line: string) => lines.push(JSON.parse(line)) },
    );
    const background = createBackgroundTasks(logger);
    enterRequest('req-42', () => {
      logger.info('in the request');
      background.run('task', async () => logger.info('in the task'));
    });
    await background.flush();
    expect(lines.find((l) => l.msg === 'in the request')!.reqId).toBeUndefined();
    expect(lines.find((l) => l.msg === 'in the task')).toMatchObject({ reqId: 'req-42' });
  });
});

describe('many queues', () => {
  it.each(ENGINES)(
    'the $kind engine runs ten queues and still takes new jobs (a worker’s wait holds no shared connection)',
    async ({ make }) => {
      const engine = make(`t${uniqueSuffix().replace(/\W/g, '').slice(-10)}-`, []);
      const ran: string[] = [];
      const specs = Array.from({ length: 10 }, (_, i) =>
        specOf({
          name: `q${i}`,
          run: async () => {
            ran.push(`q${i}`);
          },
        }),
      );
      try {
        await engine.start(specs);
        await engine.send('q9', {});
        await engine.send('q0', {});
        await engine.flush();
        expect(ran.sort()).toEqual(['q0', 'q9']);
        expect((await engine.overview()).length).toBeGreaterThanOrEqual(10);
      } finally {
        await engine.stop();
      }
    },
    60_000,
  );
});

describe('tracing', () => {
  it.each(ENGINES)('runs a job on the $kind engine as a span of the trace that sent it', async ({ make }) => {
    const exporter = new InMemorySpanExporter();
    const provider = new NodeTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
    provider.register();
    const engine = make(`t${uniqueSuffix().replace(/\W/g, '').slice(-10)}-`, []);
    let ran = false;
    try {
      await engine.start([
        specOf({
          name: 'traced',
          run: async () => {
            ran = true;
          },
        }),
      ]);
      const sentIn = await trace.getTracer('test').startActiveSpan('sender', async (span) => {
        await engine.send('traced', {});
        span.end();
        return span.spanContext().traceId;
      });
      await engine.flush();
      expect(ran).toBe(true);
      const job = exporter.getFinishedSpans().find((s) => s.name === 'job traced');
      expect(job?.spanContext().traceId).toBe(sentIn);
      expect(job?.attributes['messaging.destination.name']).toBe('traced');
    } finally {
      await engine.stop();
      await provider.shutdown();
      trace.disable();
      context.disable();
      propagation.disable();
    }
  });
});
