/** What a save answers: the server has the document, or why it does not. */
export type SaveResult = { ok: true } | { ok: false; error: Error };

/**
 * Keeps the server's draft in step with the editor: one save at a time, never a document the server
 * already has, and nothing at all while held (a discard is under way). `saved` is the document the
 * server last accepted, so "unsaved changes" is `doc !== saved`. Publish saves through here first and
 * publishes only when the save answered ok, so a failed autosave is retried and never published stale.
 */
export class DraftSync<D> {
  private running: Promise<unknown> | undefined;
  private held = false;

  constructor(
    private readonly send: (doc: D) => Promise<void>,
    public saved: D,
  ) {}

  /** Saves the document `read` answers once earlier saves are done (so it is the newest one). */
  async save(read: () => D): Promise<SaveResult> {
    while (this.running) await this.running.catch(() => undefined);
    if (this.held) return { ok: false, error: new Error('The draft is being discarded.') };
    const doc = read();
    if (doc === this.saved) return { ok: true };
    const run = this.send(doc);
    this.running = run;
    try {
      await run;
      if (!this.held) this.saved = doc;
      return { ok: true };
    } catch (error) {
      return { ok: false, error: error instanceof Error ? error : new Error(String(error)) };
    } finally {
      if (this.running === run) this.running = undefined;
    }
  }

  /** Stops saving (before a discard) and waits for a save that is already on its way. */
  async hold(): Promise<void> {
    this.held = true;
    while (this.running) await this.running.catch(() => undefined);
  }

  /** Starts again from `doc`, which the server has (a page opened, its draft discarded). */
  reset(doc: D): void {
    this.saved = doc;
    this.held = false;
  }
}
