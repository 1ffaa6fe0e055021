import { TRACKING_LIMITS } from '@tessera/core';

/** One entry of the `RecordJavascriptErrors` array (SPEC §7: event name, data, timestamp). */
export interface JavascriptErrorEvent {
  event: 'JavascriptError';
  data: {
    message: string;
    name?: string;
    stack?: string;
    source?: string;
    line?: number;
    column?: number;
    path?: string;
  };
  timestamp: number;
}

export interface ErrorReporterOptions {
  send: (events: JavascriptErrorEvent[]) => void;
  path?: string;
  now?: () => number;
  limits?: typeof TRACKING_LIMITS.errorReporter;
}

export interface ErrorReporter {
  /** Queues an error (an Error, an ErrorEvent, a rejection reason or a message). */
  report(error: unknown): void;
  /** Sends what is queued now (page hiding); still bounded by the send cap. */
  flush(): void;
  readonly sends: number;
  readonly queued: number;
}

/** Cuts a stack trace to the SPEC §9 limit. */
export function truncateStack(stack: string | undefined, max = TRACKING_LIMITS.errorReporter.maxStackLength) {
  return stack === undefined || stack.length <= max ? stack : stack.slice(0, max);
}

function describe(
  error: unknown,
): Pick<JavascriptErrorEvent['data'], 'message' | 'name' | 'stack' | 'source' | 'line' | 'column'> {
  const e = error as Partial<ErrorEvent> & { reason?: unknown };
  if (e && typeof e === 'object' && 'reason' in e) return describe(e.reason);
  if (e && typeof e === 'object' && typeof e.message === 'string' && 'filename' in e) {
    const inner = e.error instanceof Error ? describe(e.error) : {};
    return { ...inner, message: e.message, source: e.filename, line: e.lineno, column: e.colno };
  }
  if (error instanceof Error) return { message: error.message || error.name, name: error.name, stack: error.stack };
  return { message: typeof error === 'string' ? error : String(error) };
}

/**
 * The JavaScript error reporter (SPEC §9): at most `maxQueued` events wait, a send happens once
 * no new error arrived for `debounceMs`, at most `maxSends` sends per page, stacks cut at
 * `maxStackLength` characters. Errors past the caps are dropped.
 */
export function createErrorReporter(options: ErrorReporterOptions): ErrorReporter {
  const limits = options.limits ?? TRACKING_LIMITS.errorReporter;
  const now = options.now ?? Date.now;
  let queue: JavascriptErrorEvent[] = [];
  let sends = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const flush = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    if (queue.length === 0 || sends >= limits.maxSends) return;
    const batch = queue;
    queue = [];
    sends++;
    options.send(batch);
  };

  return {
    report(error) {
      if (sends >= limits.maxSends || queue.length >= limits.maxQueued) return;
      const data = describe(error);
      queue.push({
        event: 'JavascriptError',
        data: { ...data, stack: truncateStack(data.stack, limits.maxStackLength), path: options.path },
        timestamp: now(),
      });
      if (timer !== undefined) clearTimeout(timer);
      timer = setTimeout(flush, limits.debounceMs);
    },
    flush,
    get sends() {
      return sends;
    },
    get queued() {
      return queue.length;
    },
  };
}
