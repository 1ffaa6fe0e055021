/**
 * A structural check of ICU-style messages, so a malformed message is reported
 * ('Expected X but Y found.') instead of silently printing odd text. The
 * formatting itself stays lenient.
 */

const PLURAL_KEYS = new Set(['zero', 'one', 'two', 'few', 'many', 'other']);
const EXPLICIT_KEY = /^=\d+(\.\d+)?$/;
const CHOICE_FORMATTERS = new Set(['plural', 'selectordinal', 'select']);

class Scanner {
  i = 0;
  readonly problems: string[] = [];
  constructor(readonly text: string) {}

  private describe(at: number): string {
    return at >= this.text.length ? 'end of input' : `'${this.text[at]}'`;
  }

  private expect(what: string): void {
    this.problems.push(`Expected ${what} but ${this.describe(this.i)} found.`);
  }

  private spaces(): void {
    while (this.i < this.text.length && /\s/.test(this.text[this.i] as string)) this.i++;
  }

  private word(): string {
    const start = this.i;
    while (this.i < this.text.length && !/[\s{},]/.test(this.text[this.i] as string)) this.i++;
    return this.text.slice(start, this.i);
  }

  /** Text with placeholders, up to a closing brace when nested. */
  message(nested: boolean): boolean {
    while (this.i < this.text.length) {
      const ch = this.text[this.i];
      if (ch === '{') {
        this.i++;
        if (!this.argument()) return false;
      } else if (ch === "'" && /[{}']/.test(this.text[this.i + 1] ?? '')) {
        // A quoted run ('{literal}') or a doubled apostrophe.
        const close = this.text.indexOf("'", this.i + 1);
        this.i = close === -1 ? this.text.length : close + 1;
      } else if (ch === '}') {
        if (nested) return true;
        this.expect('text');
        return false;
      } else {
        this.i++;
      }
    }
    if (nested) {
      this.expect("'}'");
      return false;
    }
    return true;
  }

  /** After `{`: an argument, an optional formatter and its options or choices, then `}`. */
  private argument(): boolean {
    this.spaces();
    if (this.word() === '') {
      this.expect('an argument');
      return false;
    }
    this.spaces();
    const formatter = this.word();
    if (CHOICE_FORMATTERS.has(formatter)) return this.choices(formatter);
    while (this.i < this.text.length && this.text[this.i] !== '}') {
      if (this.text[this.i] === '{') {
        this.expect("'}'");
        return false;
      }
      this.i++;
    }
    if (this.i >= this.text.length) {
      this.expect("'}'");
      return false;
    }
    this.i++;
    return true;
  }

  private choices(formatter: string): boolean {
    const keys: string[] = [];
    for (;;) {
      this.spaces();
      if (this.i >= this.text.length) {
        this.expect("'}'");
        return false;
      }
      if (this.text[this.i] === '}') break;
      const key = this.word();
      if (key.startsWith('offset:')) continue;
      this.spaces();
      if (key === '' || this.text[this.i] !== '{') {
        this.expect("'{'");
        return false;
      }
      keys.push(key);
      this.i++;
      if (!this.message(true)) return false;
      this.i++;
    }
    this.i++;
    if (formatter !== 'select') {
      for (const key of keys) {
        if (!PLURAL_KEYS.has(key) && !EXPLICIT_KEY.test(key)) this.problems.push(`Invalid plural category '${key}'.`);
      }
    }
    if (!keys.includes('other')) this.problems.push(`The ${formatter} form needs an 'other' choice.`);
    return true;
  }
}

const CACHE_SIZE = 100;
const checked = new Map<string, readonly string[]>();

/** Problems found in a message, empty when it is well formed (cached per message). */
export function checkMessage(text: string): readonly string[] {
  let problems = checked.get(text);
  if (problems === undefined) {
    const scanner = new Scanner(text);
    // The scanner recurses once per nesting level: deeper messages are refused before it runs.
    if (!nestsTooDeep(text)) scanner.message(false);
    problems = Object.freeze(scanner.problems);
    if (checked.size >= CACHE_SIZE) checked.clear();
    checked.set(text, problems);
  }
  return problems;
}

/** Messages nest placeholders at most this deep; formatting deeper ones would exhaust the stack. */
export const MAX_MESSAGE_DEPTH = 64;

/** Whether braces in `text` nest deeper than MAX_MESSAGE_DEPTH (a linear scan, no recursion). */
export function nestsTooDeep(text: string): boolean {
  let depth = 0;
  for (let i = text.indexOf('{'); i !== -1 && i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 123 /* { */) {
      if (++depth > MAX_MESSAGE_DEPTH) return true;
    } else if (c === 125 /* } */ && depth > 0) depth--;
  }
  return false;
}
