import { type ReactNode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';

/**
 * Gives an island a React root without touching the server markup: a host element with
 * `display: contents` (no box, so nothing moves) appended to the widget root. The island enhances
 * the server-rendered controls in place and renders only its overlays (dialogs) itself.
 * Resolves once the island has attached its handlers (it calls `ready`). The first render is a
 * transition, so it is cut into short tasks.
 */
export function mountReactIsland(root: HTMLElement, render: (ready: () => void) => ReactNode): Promise<boolean> {
  return new Promise((resolve) => {
    const host = root.ownerDocument.createElement('div');
    host.className = 'tessera-island-host';
    host.style.display = 'contents';
    root.append(host);
    const reactRoot = createRoot(host);
    // A transition: React renders the island in slices of a few milliseconds, yielding to the
    // browser between them, instead of the whole first render in one long task.
    startTransition(() =>
      reactRoot.render(
        render(() => {
          root.dataset.islandState = 'live';
          resolve(true);
        }),
      ),
    );
  });
}
