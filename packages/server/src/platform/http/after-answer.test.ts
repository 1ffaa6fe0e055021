import { describe, expect, it } from 'vitest';
import { AfterAnswer } from './after-answer.js';

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('AfterAnswer', () => {
  it('starts work only after the code and promise callbacks that started it have run', async () => {
    const order: string[] = [];
    const after = new AfterAnswer(() => {});
    after.start('work', async () => {
      order.push('work');
    });
    order.push('answer written');
    await Promise.resolve();
    order.push('microtasks');
    await after.idle();
    expect(order).toEqual(['answer written', 'microtasks', 'work']);
    expect(after.pending).toBe(0);
  });

  it('logs a failure instead of throwing it, and goes on with other work', async () => {
    const failures: string[] = [];
    const after = new AfterAnswer((error, what) => failures.push(`${what}: ${(error as Error).message}`));
    let done = false;
    after.start('mailing', async () => {
      throw new Error('SMTP refused');
    });
    after.start('other', async () => {
      done = true;
    });
    await after.idle();
    expect(failures).toEqual(['mailing: SMTP refused']);
    expect(done).toBe(true);
  });

  it('runs the works of one queue one at a time, in order, and other queues beside them', async () => {
    const after = new AfterAnswer(() => {});
    const log: string[] = [];
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    after.start(
      'a1',
      async () => {
        log.push('a1 start');
        await gate;
        log.push('a1 end');
      },
      'a',
    );
    after.start(
      'a2',
      async () => {
        log.push('a2');
      },
      'a',
    );
    after.start(
      'b1',
      async () => {
        log.push('b1');
      },
      'b',
    );
    await tick();
    await tick();
    expect(log).toEqual(['a1 start', 'b1']);
    expect(after.pending).toBe(2);
    release();
    await after.idle();
    expect(log).toEqual(['a1 start', 'b1', 'a1 end', 'a2']);
  });

  it('idle waits for work started by work that was running', async () => {
    const after = new AfterAnswer(() => {});
    const log: string[] = [];
    after.start('first', async () => {
      after.start('second', async () => {
        log.push('second');
      });
    });
    await after.idle();
    expect(log).toEqual(['second']);
  });
});
