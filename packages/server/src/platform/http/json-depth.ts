import { AppError } from '../errors/aliases.js';

/**
 * How deep JSON may nest (objects and lists inside each other). Nothing the server accepts needs
 * more than a few levels; a body of 256 KB could otherwise nest a hundred thousand levels, and the
 * code that walks or re-serialises it (JSON.stringify, zod, the page renderer) overflows the stack.
 */
export const MAX_JSON_DEPTH = 64;

/** True when `text` nests objects or lists deeper than `max`; a scan of the text, before any parsing. */
export function nestsDeeperThan(text: string, max = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) {
      inString = true;
    } else if (c === 0x7b || c === 0x5b) {
      if (++depth > max) return true;
    } else if (c === 0x7d || c === 0x5d) {
      depth--;
    }
  }
  return false;
}

/** The 400 for JSON that nests too deeply; `what` names it ("The request body", "data"). */
export function tooDeepError(what = 'The request body'): AppError {
  return new AppError('json-too-deep', `${what} nests objects or lists more than ${MAX_JSON_DEPTH} levels deep.`);
}

/**
 * Parses JSON text sent by a client (a field that holds JSON, a text/plain body): invalid JSON or
 * JSON nested deeper than `MAX_JSON_DEPTH` answers 400 with a message naming `what`.
 */
export function parseClientJson(text: string, what: string): unknown {
  if (nestsDeeperThan(text)) throw tooDeepError(what);
  try {
    return JSON.parse(text);
  } catch {
    throw new AppError('invalid-body', `${what} is not valid JSON.`);
  }
}
