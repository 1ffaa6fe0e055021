import type { ImportListAnswer, ImportProgress } from '@tessera/core/contracts/imports';
import { api } from '../../api.js';
import type { ImportKind } from './kinds.js';

// An import running on the server as a job (issue 19): the panel follows it by polling
// `GET /api/config/imports/:id` until it ends, and finds it again after a reload.

export type { ImportProgress };

/** How often the panel asks how far the import is. */
export const POLL_MS = 500;

/** What the import is doing, in words: "Saving products: 40 of 200". */
export function phaseText(kind: ImportKind, progress: Pick<ImportProgress, 'phase' | 'done' | 'total'>): string {
  const counted = (text: string, noun: string) =>
    progress.total > 0 ? `${text}: ${progress.done} of ${progress.total} ${noun}` : text;
  switch (progress.phase) {
    case 'queued':
      return 'Waiting for the server to start the import';
    case 'reading':
      return 'Reading the file';
    case 'media':
      return counted('Copying pictures and files', 'files');
    case 'checking':
      return counted('Checking products', 'products');
    case 'writing':
      return kind.id === 'products'
        ? counted('Saving products', 'products')
        : counted('Saving posts and pages', 'posts and pages');
    default:
      return 'Finishing';
  }
}

/** The site's import of this kind that is still queued or running, if any (after a reload). */
export async function runningImport(kind: ImportKind): Promise<ImportProgress | undefined> {
  const { imports } = await api<ImportListAnswer>('GET', `/api/config/imports?kind=${kind.id}`);
  const running = imports.find((i) => i.state === 'queued' || i.state === 'running');
  return running ? { ...running, summary: null } : undefined;
}

/**
 * Polls the import until it has ended (done or failed), telling `onProgress` each answer; resolves
 * with the last one, or undefined once `signal` aborts (the panel went away).
 */
export async function followImport(
  id: string,
  onProgress: (progress: ImportProgress) => void,
  signal: AbortSignal,
): Promise<ImportProgress | undefined> {
  while (!signal.aborted) {
    const progress = await api<ImportProgress>('GET', `/api/config/imports/${encodeURIComponent(id)}`);
    if (signal.aborted) return undefined;
    onProgress(progress);
    if (progress.state === 'done' || progress.state === 'failed') return progress;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  return undefined;
}
