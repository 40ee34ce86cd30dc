import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { createBackgroundTasks } from './background';

function recordingLog() {
  const lines: string[] = [];
  const log = pino({ level: 'info' }, { write: (line: string) => void lines.push(line) });
  return { log, lines };
}

describe('background tasks', () => {
  it('start after the caller has moved on, and flush() waits for them', async () => {
    const { log } = recordingLog();
    const tasks = createBackgroundTasks(log);
    const order: string[] = [];
    tasks.run('first', async () => {
      order.push('task');
    });
    order.push('caller');
    await Promise.resolve();
    expect(order).toEqual(['caller']);
    await tasks.flush();
    expect(order).toEqual(['caller', 'task']);
  });

  it('a failing task never reaches the caller and is logged without its message', async () => {
    const { log, lines } = recordingLog();
    const tasks = createBackgroundTasks(log);
    const secret = 'ada@example.test $argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA';
    expect(() =>
      tasks.run('password reset request', async () => {
        throw Object.assign(new Error(`insert failed with params: ${secret}`), { code: '23505' });
      }),
    ).not.toThrow();
    await tasks.flush();
    expect(lines).toHaveLength(1);
    const entry = JSON.parse(lines[0]!);
    expect(entry).toMatchObject({
      level: 50,
      msg: 'background task failed',
      task: 'password reset request',
      error: { name: 'Error', code: '23505' },
    });
    expect(lines[0]).not.toContain('ada@example.test');
    expect(lines[0]).not.toContain('argon2id');
  });
});
