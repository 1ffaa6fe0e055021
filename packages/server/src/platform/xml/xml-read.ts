// A small, strict XML reader for import files (WordPress WXR). It reads elements, attributes,
// text, CDATA, comments and processing instructions, and the five predefined entities plus
// numeric character references. It refuses any `<!DOCTYPE`, `<!ENTITY` or other markup
// declaration, so no external entity or entity expansion (XXE, "billion laughs") can happen.

export interface XmlElement {
  name: string;
  attrs: Record<string, string>;
  children: (XmlElement | string)[];
  /** The line the element starts on (1-based), for messages. */
  line: number;
}

export class XmlSyntaxError extends Error {}

/** Deeper nesting than a WXR file ever has is refused (a guard against hostile files). */
const MAX_DEPTH = 64;

const NAMED: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };
const NAME = /[A-Za-z_][\w:.-]*/y;
const ATTRIBUTE = /\s+([A-Za-z_][\w:.-]*)\s*=\s*(?:"([^"<]*)"|'([^'<]*)')/y;
const TAG_END = /\s*(\/?)>/y;

export function parseXml(text: string): XmlElement {
  let pos = 0;
  let lineAt = 0;
  let line = 1;
  const lineOf = (at: number): number => {
    for (; lineAt < at; lineAt++) if (text.charCodeAt(lineAt) === 10) line++;
    return line;
  };
  const fail = (message: string, at: number): never => {
    lineAt = 0;
    line = 1;
    throw new XmlSyntaxError(`Line ${lineOf(at)}: ${message}`);
  };
  const decode = (raw: string, at: number): string =>
    raw.replace(/&([^;&]*)(;?)/g, (_whole, name: string, semi: string) => {
      if (!semi) return fail('An "&" that starts no entity (write &amp;).', at);
      if (name in NAMED) return NAMED[name] as string;
      const code = /^#x[0-9a-fA-F]{1,6}$/.test(name)
        ? Number.parseInt(name.slice(2), 16)
        : /^#[0-9]{1,7}$/.test(name)
          ? Number.parseInt(name.slice(1), 10)
          : -1;
      if (code < 1 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff))
        return fail(`Unknown entity &${name.slice(0, 20)}; (only the XML ones are read).`, at);
      return String.fromCodePoint(code);
    });

  const stack: XmlElement[] = [];
  let root: XmlElement | undefined;
  const addText = (value: string, at: number) => {
    const top = stack[stack.length - 1];
    if (top) top.children.push(value);
    else if (value.trim()) fail('Text outside the root element.', at);
  };

  while (pos < text.length) {
    const open = text.indexOf('<', pos);
    if (open === -1) {
      addText(decode(text.slice(pos), pos), pos);
      break;
    }
    if (open > pos) addText(decode(text.slice(pos, open), pos), pos);
    const skipTo = (end: string, what: string): number => {
      const at = text.indexOf(end, open);
      if (at === -1) fail(`${what} that is never closed.`, open);
      return at + end.length;
    };
    if (text.startsWith('<?', open)) {
      pos = skipTo('?>', 'A processing instruction');
    } else if (text.startsWith('<!--', open)) {
      pos = skipTo('-->', 'A comment');
    } else if (text.startsWith('<![CDATA[', open)) {
      pos = skipTo(']]>', 'A CDATA section');
      if (stack.length === 0) fail('CDATA outside the root element.', open);
      addText(text.slice(open + 9, pos - 3), open);
    } else if (text.startsWith('<!', open)) {
      fail('The file declares a DOCTYPE or entities; such files are refused (they can read local files).', open);
    } else if (text.startsWith('</', open)) {
      NAME.lastIndex = open + 2;
      const name = NAME.exec(text)?.[0];
      const close = text.indexOf('>', open);
      const top = stack.pop();
      if (!name || close === -1 || text.slice(open + 2 + name.length, close).trim() || top?.name !== name)
        fail(`A closing tag </${name ?? ''}> that does not match <${top?.name ?? ''}>.`, open);
      pos = close + 1;
    } else {
      NAME.lastIndex = open + 1;
      const name = NAME.exec(text)?.[0];
      if (!name) return fail('A "<" that starts no tag (write &lt;).', open);
      const element: XmlElement = { name, attrs: {}, children: [], line: lineOf(open) };
      let at = open + 1 + name.length;
      for (;;) {
        ATTRIBUTE.lastIndex = at;
        const match = ATTRIBUTE.exec(text);
        if (!match) break;
        element.attrs[match[1] as string] = decode(match[2] ?? match[3] ?? '', at);
        at = ATTRIBUTE.lastIndex;
      }
      TAG_END.lastIndex = at;
      const end = TAG_END.exec(text);
      if (!end) return fail(`The tag <${name}> is not well formed.`, open);
      pos = TAG_END.lastIndex;
      const parent = stack[stack.length - 1];
      if (parent) parent.children.push(element);
      else if (root) fail('A second root element.', open);
      else root = element;
      if (!end[1]) {
        stack.push(element);
        if (stack.length > MAX_DEPTH) fail(`Elements nested deeper than ${MAX_DEPTH} levels.`, open);
      }
    }
  }
  if (stack.length > 0) fail(`The element <${stack[stack.length - 1]?.name}> is never closed.`, text.length);
  if (!root) return fail('The file holds no XML element.', 0);
  return root;
}

/** The direct children named `name`. */
export function childrenNamed(element: XmlElement, name: string): XmlElement[] {
  return element.children.filter((c): c is XmlElement => typeof c !== 'string' && c.name === name);
}

/** The text of the first child named `name` ('' when there is none). */
export function childText(element: XmlElement, name: string): string {
  const child = childrenNamed(element, name)[0];
  return child ? textOf(child) : '';
}

/** The text (and CDATA) directly inside an element. */
export function textOf(element: XmlElement): string {
  return element.children.filter((c): c is string => typeof c === 'string').join('');
}
