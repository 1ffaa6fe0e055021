import type { ReactNode } from 'react';
import { createRoot } from 'react-dom/client';

/**
 * Gives an island a React root without touching the server markup: a host element with
 * `display: contents` (no box, so nothing moves) appended to the widget root. The island enhances
 * the server-rendered controls in place and renders only its overlays (dialogs) itself.
 * Resolves once the island has attached its handlers (it calls `ready`).
 */
export function mountReactIsland(root: HTMLElement, render: (ready: () => void) => ReactNode): Promise<boolean> {
  return new Promise((resolve) => {
    const host = root.ownerDocument.createElement('div');
    host.className = 'tessera-island-host';
    host.style.display = 'contents';
    root.append(host);
    createRoot(host).render(
      render(() => {
        root.dataset.islandState = 'live';
        resolve(true);
      }),
    );
  });
}
