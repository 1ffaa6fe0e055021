/**
 * ICU-style messages compiled once into frozen nodes and evaluated by our own walker.
 *
 * The CLDR library parses a message into instruction arrays and walks them with a fresh
 * `MessageEngine` per call, turning every plural argument into a `Decimal`, running the
 * plural rules on it and printing `#` from it. Here the library's own parser still reads
 * the text (so what a message means cannot drift), but the result is turned once into
 * frozen nodes: exact plural choices carry their number, `other` fallbacks are found in
 * order, formatter options are kept as given. Evaluation follows the library's rules
 * step by step; the one shortcut is a plural argument that is a whole JS number from 0
 * to 999 without an offset, the common case (`{0 plural one {# seat} other {# seats}}`):
 * its category comes from a per-locale table filled from the library's plural rules on
 * first use, exact choices compare as numbers, and `#` prints the number's digits. Any
 * other argument goes through `Decimal` exactly as the library does.
 * `message-program.test.ts` compares this evaluator with the library's on generated
 * messages and arguments in several locales.
 */
import {
  Decimal,
  type MessageArgConverter,
  type MessageCode,
  type MessageFormatFuncMap,
  type MessageMatcher,
  parseMessagePattern,
  type PluralRules,
} from '@phensley/cldr';

const TEXT = 0;
const ARG = 1;
const PLURAL = 2;
const SELECT = 3;
const BLOCK = 4;
const SIMPLE = 6;
const ARGSUB = 7;

type Key = string | number;

/** A plural choice: an exact value (`=0`) or a category (`one`). */
interface PluralChoice {
  readonly exact: Decimal | undefined;
  /** The exact value as a JS integer, when it is one (then `exact` equals it). */
  readonly exactInt: number | undefined;
  readonly category: string | undefined;
  readonly body: MessageNode;
}

export type MessageNode =
  | { readonly op: typeof TEXT; readonly text: string }
  | { readonly op: typeof ARG; readonly key: Key }
  | { readonly op: typeof ARGSUB }
  | { readonly op: typeof BLOCK; readonly items: readonly MessageNode[] }
  | {
      readonly op: typeof PLURAL;
      readonly key: Key;
      readonly offset: number;
      readonly ordinal: boolean;
      readonly choices: readonly PluralChoice[];
    }
  | {
      readonly op: typeof SELECT;
      readonly key: Key;
      readonly choices: readonly { readonly value: string; readonly body: MessageNode }[];
    }
  | { readonly op: typeof SIMPLE; readonly name: string; readonly keys: readonly Key[]; readonly options: string[] }
  | { readonly op: 5 };

const NOOP: MessageNode = Object.freeze({ op: 5 as const });

/** Whole numbers the plural shortcut handles; each locale's categories for them are tabled. */
const TABLE_SIZE = 1000;

/**
 * Compiles and evaluates messages for one locale: the library's parser, our nodes, the
 * library's plural rules and argument converter, and the formatter functions messages call.
 */
export class MessageProgram {
  private readonly cache = new Map<string, MessageNode>();
  private readonly cardinals: (string | undefined)[] = new Array(TABLE_SIZE).fill(undefined);
  private buf = '';

  constructor(
    private readonly plurals: PluralRules,
    private readonly converter: MessageArgConverter,
    private readonly formatters: MessageFormatFuncMap,
    private readonly matcher: MessageMatcher,
    private readonly cacheSize: number,
  ) {}

  /** The compiled message, from the bounded cache (cleared when full). */
  compile(message: string): MessageNode {
    let node = this.cache.get(message);
    if (node === undefined) {
      node = toNode(parseMessagePattern(message, this.matcher), this.converter);
      if (this.cache.size >= this.cacheSize) this.cache.clear();
      this.cache.set(message, node);
    }
    return node;
  }

  format(message: string, positional: readonly unknown[], named: Readonly<Record<string, unknown>>): string {
    const node = this.compile(message);
    const saved = this.buf;
    this.buf = '';
    try {
      this.run(node, positional, named, undefined);
      return this.buf;
    } finally {
      this.buf = saved;
    }
  }

  private get(key: Key, positional: readonly unknown[], named: Readonly<Record<string, unknown>>): unknown {
    const value = named[key];
    if (value !== undefined) return value;
    return typeof key === 'number' ? positional[key] : undefined;
  }

  private run(
    node: MessageNode,
    positional: readonly unknown[],
    named: Readonly<Record<string, unknown>>,
    sub: unknown,
  ): void {
    switch (node.op) {
      case TEXT:
        this.buf += node.text;
        return;
      case BLOCK:
        for (const item of node.items) this.run(item, positional, named, sub);
        return;
      case ARG:
        this.buf += this.converter.asString(this.get(node.key, positional, named) as never);
        return;
      case ARGSUB:
        this.buf += typeof sub === 'number' ? String(sub) : this.converter.asString(sub as never);
        return;
      case PLURAL: {
        const arg = this.get(node.key, positional, named);
        if (
          typeof arg === 'number' &&
          node.offset === 0 &&
          !node.ordinal &&
          Number.isInteger(arg) &&
          arg >= 0 &&
          arg < TABLE_SIZE
        ) {
          this.pluralInt(node.choices, arg, positional, named);
        } else {
          this.pluralDecimal(node, arg, positional, named);
        }
        return;
      }
      case SELECT: {
        const arg = this.get(node.key, positional, named);
        const text = this.converter.asString(arg as never);
        let other: MessageNode | undefined;
        for (const choice of node.choices) {
          if (choice.value === text) {
            this.run(choice.body, positional, named, arg);
            return;
          }
          if (choice.value === 'other') other = choice.body;
        }
        if (other !== undefined) this.run(other, positional, named, arg);
        return;
      }
      case SIMPLE: {
        const fn = this.formatters[node.name];
        if (fn === undefined) return;
        const args = node.keys.map((key) => this.get(key, positional, named));
        this.buf += fn(args as never, node.options);
        return;
      }
      default:
        return;
    }
  }

  /** A whole number 0..999 without offset: tabled category, numeric exact matches, digits for `#`. */
  private pluralInt(
    choices: readonly PluralChoice[],
    n: number,
    positional: readonly unknown[],
    named: Readonly<Record<string, unknown>>,
  ): void {
    // -0 prints and matches as 0, as its Decimal does.
    const value = n === 0 ? 0 : n;
    let category = this.cardinals[value];
    if (category === undefined) {
      category = this.plurals.cardinal(new Decimal(value));
      this.cardinals[value] = category;
    }
    let other: MessageNode | undefined;
    for (const choice of choices) {
      if (choice.exact !== undefined) {
        if (choice.exactInt === value) {
          this.run(choice.body, positional, named, value);
          return;
        }
      } else if (choice.category === category) {
        this.run(choice.body, positional, named, value);
        return;
      } else if (choice.category === 'other') {
        other = choice.body;
      }
    }
    if (other !== undefined) this.run(other, positional, named, value);
  }

  /** Any other plural argument, as the library evaluates it. */
  private pluralDecimal(
    node: Extract<MessageNode, { op: typeof PLURAL }>,
    arg: unknown,
    positional: readonly unknown[],
    named: Readonly<Record<string, unknown>>,
  ): void {
    const num = this.converter.asDecimal(arg as never);
    const sub = node.offset ? num.subtract(node.offset) : num;
    const category = node.ordinal ? this.plurals.ordinal(sub) : this.plurals.cardinal(sub);
    let other: MessageNode | undefined;
    for (const choice of node.choices) {
      if (choice.exact !== undefined) {
        if (num.compare(choice.exact) === 0) {
          this.run(choice.body, positional, named, num);
          return;
        }
      } else if (choice.category === category) {
        this.run(choice.body, positional, named, sub);
        return;
      } else if (choice.category === 'other') {
        other = choice.body;
      }
    }
    if (other !== undefined) this.run(other, positional, named, sub);
  }
}

/** The library's instruction arrays as frozen nodes. */
function toNode(code: MessageCode, converter: MessageArgConverter): MessageNode {
  const c = code as unknown as unknown[];
  switch (c[0]) {
    case TEXT:
      return Object.freeze({ op: TEXT, text: c[1] as string });
    case ARG:
      return Object.freeze({ op: ARG, key: c[1] as Key });
    case ARGSUB:
      return Object.freeze({ op: ARGSUB });
    case BLOCK:
      return Object.freeze({
        op: BLOCK,
        items: Object.freeze((c[1] as MessageCode[]).map((item) => toNode(item, converter))),
      });
    case PLURAL: {
      const choices = (c[4] as [number, string, MessageCode][]).map(([type, value, body]) => {
        if (type === 0) {
          const exact = converter.asDecimal(value);
          const asNumber = Number(exact.toString());
          const exactInt =
            Number.isSafeInteger(asNumber) && new Decimal(asNumber).compare(exact) === 0 ? asNumber : undefined;
          return Object.freeze({ exact, exactInt, category: undefined, body: toNode(body, converter) });
        }
        return Object.freeze({
          exact: undefined,
          exactInt: undefined,
          category: value,
          body: toNode(body, converter),
        });
      });
      return Object.freeze({
        op: PLURAL,
        key: (c[1] as Key[])[0] as Key,
        offset: c[2] as number,
        ordinal: c[3] === 1,
        choices: Object.freeze(choices),
      });
    }
    case SELECT:
      return Object.freeze({
        op: SELECT,
        key: (c[1] as Key[])[0] as Key,
        choices: Object.freeze(
          (c[2] as [string, MessageCode][]).map(([value, body]) =>
            Object.freeze({ value, body: toNode(body, converter) }),
          ),
        ),
      });
    case SIMPLE:
      return Object.freeze({
        op: SIMPLE,
        name: c[1] as string,
        keys: Object.freeze([...(c[2] as Key[])]),
        options: c[3] as string[],
      });
    default:
      return NOOP;
  }
}
