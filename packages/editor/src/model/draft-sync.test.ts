import { describe, expect, it } from 'vitest';
import { DraftSync } from './draft-sync.js';

/** A stand-in for the draft endpoint: records what arrives and answers when told to. */
function endpoint() {
  const received: string[] = [];
  const pending: { resolve: () => void; reject: (e: Error) => void }[] = [];
  const send = (doc: string) =>
    new Promise<void>((resolve, reject) => {
      received.push(doc);
      pending.push({ resolve, reject });
    });
  const answer = async (ok = true) => {
    await new Promise((r) => setTimeout(r, 0));
    const next = pending.shift();
    if (ok) next?.resolve();
    else next?.reject(new Error('Network error'));
    await new Promise((r) => setTimeout(r, 0));
  };
  return { received, send, answer };
}

describe('draft sync', () => {
  it('sends one save at a time, and the newest document once the running save is done', async () => {
    const server = endpoint();
    const sync = new DraftSync<string>(server.send, 'v0');
    let doc = 'v1';
    const first = sync.save(() => doc);
    doc = 'v2';
    const second = sync.save(() => doc);
    await new Promise((r) => setTimeout(r, 0));
    expect(server.received).toEqual(['v1']);
    await server.answer();
    await server.answer();
    expect(await first).toEqual({ ok: true });
    expect(await second).toEqual({ ok: true });
    expect(server.received).toEqual(['v1', 'v2']);
    expect(sync.saved).toBe('v2');
    // Nothing new: nothing sent.
    expect(await sync.save(() => doc)).toEqual({ ok: true });
    expect(server.received).toHaveLength(2);
  });

  it('reports a failed save, keeps the document unsaved and sends it again on the next save', async () => {
    const server = endpoint();
    const sync = new DraftSync<string>(server.send, 'v0');
    const failed = sync.save(() => 'v1');
    await server.answer(false);
    const result = await failed;
    expect(result.ok).toBe(false);
    expect(result.ok ? '' : result.error.message).toBe('Network error');
    expect(sync.saved).toBe('v0');
    const retried = sync.save(() => 'v1');
    await server.answer();
    expect(await retried).toEqual({ ok: true });
    expect(server.received).toEqual(['v1', 'v1']);
    expect(sync.saved).toBe('v1');
  });

  it('sends nothing while held for a discard, and starts again from the document it is reset to', async () => {
    const server = endpoint();
    const sync = new DraftSync<string>(server.send, 'v0');
    const running = sync.save(() => 'v1');
    const held = sync.hold();
    await server.answer();
    await held;
    await running;
    const refused = await sync.save(() => 'v2');
    expect(refused.ok).toBe(false);
    expect(server.received).toEqual(['v1']);
    sync.reset('published');
    expect(sync.saved).toBe('published');
    expect(await sync.save(() => 'published')).toEqual({ ok: true });
    expect(server.received).toEqual(['v1']);
  });
});
