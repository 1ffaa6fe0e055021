import type { IslandEnv, IslandsModule } from './island-env.js';
import { classifyInteraction, InteractionQueue, QUEUED_EVENT_TYPES, replayInteraction } from './interaction-queue.js';

/** Islands the loader wires itself, without the React chunk. */
const LOADER_ISLANDS = new Set(['cart-pill']);

/** Early signs of intent: they fetch the chunk and wake the island but are never held back. */
const INTENT_EVENT_TYPES = ['pointerdown', 'touchstart', 'focusin'] as const;

export interface IslandSchedulerOptions {
  doc: Document;
  win: Window;
  env: IslandEnv;
  /** Imports the islands chunk (`() => import('./islands/index.js')`). */
  load: () => Promise<IslandsModule>;
  queue?: InteractionQueue;
  /** Delay of the idle fallback when `requestIdleCallback` is missing. */
  idleFallbackMs?: number;
}

export interface IslandScheduler {
  /** Fetches the chunk (once) and resolves with it. */
  loadChunk(): Promise<IslandsModule>;
  /** Makes one root live now (loading the chunk if needed) and replays its queued interactions. */
  hydrate(root: HTMLElement): Promise<void>;
  isLive(root: Element): boolean;
  readonly queue: InteractionQueue;
}

type RootState = 'dormant' | 'wanted' | 'hydrating' | 'live';

/**
 * Wakes islands lazily: the chunk is fetched when the browser is idle after load or at the first
 * interaction with an island, whichever comes first; a root hydrates once it is visible or touched.
 * Clicks and changes that arrive earlier are queued and replayed when the root is live.
 */
export function startIslandScheduler(options: IslandSchedulerOptions): IslandScheduler {
  const { doc, win, env } = options;
  const queue = options.queue ?? new InteractionQueue();
  const states = new Map<HTMLElement, RootState>();
  for (const root of doc.querySelectorAll<HTMLElement>('[data-island]')) {
    const name = root.dataset.island ?? '';
    if (!LOADER_ISLANDS.has(name)) states.set(root, 'dormant');
  }

  let chunk: Promise<IslandsModule> | undefined;
  let loaded: IslandsModule | undefined;

  const loadChunk = (): Promise<IslandsModule> => {
    chunk ??= options.load().then(
      (module) => {
        loaded = module;
        for (const [root, state] of states) if (state === 'wanted') void hydrate(root);
        return module;
      },
      (error: unknown) => {
        chunk = undefined; // a later interaction may try again
        throw error;
      },
    );
    return chunk;
  };

  const hydrate = async (root: HTMLElement): Promise<void> => {
    const state = states.get(root);
    if (state === undefined || state === 'live' || state === 'hydrating') return;
    states.set(root, 'hydrating');
    try {
      const module = loaded ?? (await loadChunk());
      await module.mountIsland(root, env);
      states.set(root, 'live');
      for (const interaction of queue.take(root)) replayInteraction(interaction);
      // An island inside this one (the restock widget in a product form) reacts to the outer
      // island's controls, so it wakes with it: it may be empty or below the fold and so never
      // be seen by the observer, yet the visitor's choice of a sold-out variant must show it.
      for (const inner of root.querySelectorAll<HTMLElement>('[data-island]')) if (states.has(inner)) want(inner);
    } catch {
      states.set(root, 'wanted');
    }
  };

  const want = (root: HTMLElement) => {
    if (states.get(root) === 'dormant') states.set(root, 'wanted');
    if (loaded) void hydrate(root);
  };

  const rootOf = (target: EventTarget | null): HTMLElement | undefined => {
    if (!target || !(target as Element).closest) return undefined;
    const root = (target as Element).closest<HTMLElement>('[data-island]');
    return root && states.has(root) ? root : undefined;
  };

  if (states.size === 0) {
    return { loadChunk, hydrate, isLive: () => false, queue };
  }

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
    void hydrate(root);
  };
  for (const type of [...QUEUED_EVENT_TYPES, ...INTENT_EVENT_TYPES]) {
    doc.addEventListener(type, onEarlyEvent, { capture: true, passive: false });
  }

  const IO = (win as Window & { IntersectionObserver?: typeof IntersectionObserver }).IntersectionObserver;
  if (IO) {
    const observer = new IO((records) => {
      for (const record of records) {
        if (!record.isIntersecting) continue;
        observer.unobserve(record.target);
        want(record.target as HTMLElement);
      }
    });
    for (const root of states.keys()) observer.observe(root);
  } else {
    for (const root of states.keys()) want(root);
  }

  const whenIdle = () => {
    const idle = (win as Window & { requestIdleCallback?: Window['requestIdleCallback'] }).requestIdleCallback;
    const start = () => void loadChunk().catch(() => undefined);
    if (idle) idle.call(win, start, { timeout: 3000 });
    else win.setTimeout(start, options.idleFallbackMs ?? 200);
  };
  if (doc.readyState === 'complete') whenIdle();
  else win.addEventListener('load', whenIdle, { once: true });

  return { loadChunk, hydrate, isLive: (root) => states.get(root as HTMLElement) === 'live', queue };
}
