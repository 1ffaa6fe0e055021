/**
 * React and ReactDOM, imported by the island table before a React island's own chunk: the shared
 * React chunk (vite.config.ts) is then evaluated in a task of its own, and the island's chunk,
 * whose graph then holds only the island's code, in another, so neither makes one long task.
 */
export { createElement } from 'react';
export { createRoot } from 'react-dom/client';
