import type { IslandEnv, IslandMount, IslandTable } from './island-env.js';
import { classifyInteraction, InteractionQueue, QUEUED_EVENT_TYPES, replayInteraction } from './interaction-queue.js';
import { yieldToMain } from './yield.js';

/** Islands the loader wires itself, without an island chunk. */
const LOADER_ISLANDS = new Set(['cart-pill']);

/** Early signs of intent: they fetch the island's chunk and wake it but are never held back. */
const INTENT_EVENT_TYPES = ['pointerdown', 'touchstart', 'focusin'] as const;

/** How far outside the viewport a root counts as about to be seen (after the page has settled). */
export const ABOUT_TO_BE_SEEN_MARGIN = '200px 0px';

export interface IslandSchedulerOptions {
  doc: Document;
  win: Window;
  env: IslandEnv;
  /** The island table (`src/islands/index.tsx`); a root whose name has no entry is left alone. */
  islands: IslandTable;
  queue?: InteractionQueue;
  /** Delay of the idle fallback when `requestIdleCallback` is missing. */
  idleFallbackMs?: number;
}

export interface IslandScheduler {
  /** Fetches one island's chunk (once) and resolves with its mount function. */
  loadIsland(name: string, urgent?: boolean): Promise<IslandMount>;
  /** Makes one root live now (loading its chunk if needed) and replays its queued interactions. */
  hydrate(root: HTMLElement, urgent?: boolean): Promise<void>;
  isLive(root: Element): boolean;
  readonly queue: InteractionQueue;
}

type RootState = 'dormant' | 'wanted' | 'hydrating' | 'live';

const nameOf = (root: HTMLElement): string => root.dataset.island ?? '';

/**
 * Wakes islands lazily, each from its own chunk, and only the islands the page has. A root
 * hydrates once it is visible or touched. Its chunk (and React, for the React islands) is fetched
 * at the first interaction with it (urgently: see `IslandImport`), or once the page has settled
 * (idle after `load`): then the visible islands' chunks come first and the others follow, one per
 * idle period, so no chunk is evaluated during the load and none in the same task as another.
 * After that a root that comes near the viewport fetches its chunk itself. Clicks and changes
 * that arrive before a root is live are queued and replayed when it is.
 */
export function startIslandScheduler(options: IslandSchedulerOptions): IslandScheduler {
  const { doc, win, env, islands } = options;
  const queue = options.queue ?? new InteractionQueue();
  const states = new Map<HTMLElement, RootState>();
  for (const root of doc.querySelectorAll<HTMLElement>('[data-island]')) {
    const name = nameOf(root);
    if (!LOADER_ISLANDS.has(name) && Object.hasOwn(islands, name)) states.set(root, 'dormant');
  }

  const chunks = new Map<string, Promise<IslandMount>>();
  const loaded = new Map<string, IslandMount>();
  let settled = false;

  const hurried = new Set<string>();
  const loadIsland = (name: string, urgent = false): Promise<IslandMount> => {
    const pending = chunks.get(name);
    // A touch while the island is still coming without haste asks again, urgently: the imports
    // already under way are shared (one module map), the rest starts now instead of in turn.
    if (pending && (!urgent || hurried.has(name) || loaded.has(name))) return pending;
    if (urgent) hurried.add(name);
    const load = Object.hasOwn(islands, name) ? islands[name] : undefined;
    const chunk = (load ? load(urgent) : Promise.reject(new Error(`There is no island named "${name}".`))).then(
      (mount) => {
        loaded.set(name, mount);
        for (const [root, state] of states) if (state === 'wanted' && nameOf(root) === name) void hydrate(root);
        return mount;
      },
      (error: unknown) => {
        // a later interaction may try again
        if (chunks.get(name) === chunk) chunks.delete(name);
        hurried.delete(name);
        throw error;
      },
    );
    chunks.set(name, chunk);
    return chunk;
  };

  // Mounts that nobody waits for (idle, on sight) start one per task, in the order asked, each in a
  // task of its own after the chunk's evaluation: several islands of a page, or several roots of one
  // island, never mount in one long task. A touched root leaves the line and mounts at once.
  const waiting = new Map<HTMLElement, () => void>();
  let pumping = false;
  const pump = async () => {
    if (pumping) return;
    pumping = true;
    try {
      while (waiting.size > 0) {
        await yieldToMain(win);
        const next = waiting.entries().next().value;
        if (!next) break;
        waiting.delete(next[0]);
        next[1]();
      }
    } finally {
      pumping = false;
    }
  };
  const ownTask = (root: HTMLElement) =>
    new Promise<void>((resolve) => {
      waiting.set(root, resolve);
      void pump();
    });
  const touched = new WeakSet<HTMLElement>();
  const jumpTheLine = (root: HTMLElement) => {
    touched.add(root);
    const go = waiting.get(root);
    waiting.delete(root);
    go?.();
  };

  const hydrate = async (root: HTMLElement, urgent = false): Promise<void> => {
    const state = states.get(root);
    if (state === 'hydrating' && urgent) jumpTheLine(root);
    if (state === undefined || state === 'live' || state === 'hydrating') return;
    states.set(root, 'hydrating');
    try {
      const name = nameOf(root);
      const mount = loaded.get(name) ?? (await loadIsland(name, urgent));
      if (!urgent && !touched.has(root)) await ownTask(root);
      await mount(root, env);
      states.set(root, 'live');
      for (const interaction of queue.take(root)) replayInteraction(interaction);
      // An island inside this one (the restock widget in a product form) reacts to the outer
      // island's controls, so it wakes with it: it may be empty or below the fold and so never
      // be seen by the observer, yet the visitor's choice of a sold-out variant must show it.
      for (const inner of root.querySelectorAll<HTMLElement>('[data-island]')) {
        if (states.get(inner) === 'dormant') states.set(inner, 'wanted');
        if (states.has(inner)) void hydrate(inner, urgent);
      }
    } catch {
      states.set(root, 'wanted');
    }
  };

  const want = (root: HTMLElement) => {
    if (states.get(root) === 'dormant') states.set(root, 'wanted');
    if (settled || loaded.has(nameOf(root))) void hydrate(root);
  };

  const rootOf = (target: EventTarget | null): HTMLElement | undefined => {
    if (!target || !(target as Element).closest) return undefined;
    const root = (target as Element).closest<HTMLElement>('[data-island]');
    return root && states.has(root) ? root : undefined;
  };

  const isLive = (root: Element) => states.get(root as HTMLElement) === 'live';
  if (states.size === 0) return { loadIsland, hydrate, isLive, queue };

  const onEarlyEvent = (event: Event) => {
    const root = rootOf(event.target);
    if (!root) return;
    const state = states.get(root);
    if (state === 'live') return;
    const isIntent = (INTENT_EVENT_TYPES as readonly string[]).includes(event.type);
    if (!isIntent) {
      const found = classifyInteraction(event as KeyboardEvent, event.target as Element, root);
      if (!found) return;
      if (found.preventDefault) {
        event.preventDefault();
        event.stopPropagation();
      }
      queue.push(root, { kind: found.kind, target: found.target });
    }
    if (state === 'dormant') states.set(root, 'wanted');
    void loadIsland(nameOf(root), true).catch(() => undefined); // hurries a chunk a hydration already waits for
    void hydrate(root, true);
  };
  for (const type of [...QUEUED_EVENT_TYPES, ...INTENT_EVENT_TYPES]) {
    doc.addEventListener(type, onEarlyEvent, { capture: true, passive: false });
  }

  const IO = (win as Window & { IntersectionObserver?: typeof IntersectionObserver }).IntersectionObserver;
  if (IO) {
    const observer = new IO(
      (records) => {
        for (const record of records) {
          if (!record.isIntersecting) continue;
          observer.unobserve(record.target);
          want(record.target as HTMLElement);
        }
      },
      { rootMargin: ABOUT_TO_BE_SEEN_MARGIN },
    );
    for (const root of states.keys()) observer.observe(root);
  } else {
    for (const root of states.keys()) want(root);
  }

  const whenIdle = (run: () => void) => {
    const idle = (win as Window & { requestIdleCallback?: Window['requestIdleCallback'] }).requestIdleCallback;
    if (idle) idle.call(win, run, { timeout: 3000 });
    else win.setTimeout(run, options.idleFallbackMs ?? 200);
  };
  // Settled: fetch the page's islands one after another, visible (wanted) ones first.
  const settle = () => {
    settled = true;
    const byUrgency = [...states].sort(([, a], [, b]) => Number(b === 'wanted') - Number(a === 'wanted'));
    const pending = [...new Set(byUrgency.map(([root]) => nameOf(root)))];
    const next = () => {
      const name = pending.shift();
      if (name === undefined) return;
      void loadIsland(name)
        .catch(() => undefined)
        .finally(() => (pending.length ? whenIdle(next) : undefined));
    };
    next();
  };
  if (doc.readyState === 'complete') whenIdle(settle);
  else win.addEventListener('load', () => whenIdle(settle), { once: true });

  return { loadIsland, hydrate, isLive, queue };
}
