import { describe, expect, it } from 'vitest';
import { parseXml, textOf, XmlSyntaxError } from './xml-read.js';

describe('the XML reader', () => {
  it('reads elements, attributes, CDATA, entities and character references', () => {
    const root = parseXml(
      `<?xml version="1.0"?>\n<!-- c --><a x="1 &amp; 2" y='z'><b>Fish &amp; chips &#233;&#x263A;</b><c><![CDATA[<p>raw & kept</p>]]></c><d/></a>`,
    );
    expect(root.attrs).toEqual({ x: '1 & 2', y: 'z' });
    const [b, c, d] = root.children as Exclude<(typeof root.children)[number], string>[];
    expect(textOf(b!)).toBe('Fish & chips é☺');
    expect(textOf(c!)).toBe('<p>raw & kept</p>');
    expect(d!.name).toBe('d');
    expect(b!.line).toBe(2);
  });

  it.each([
    ['<!DOCTYPE a [<!ENTITY x "y">]><a>&x;</a>', 'DOCTYPE or entities'],
    ['<a><!ENTITY x SYSTEM "file:///etc/passwd"></a>', 'DOCTYPE or entities'],
    ['<a>&x;</a>', 'Unknown entity &x;'],
    ['<a>fish & chips</a>', 'An "&" that starts no entity'],
    ['<a><b></a>', 'does not match'],
    ['<a>', 'never closed'],
    ['<a></a><b></b>', 'A second root element'],
    [`${'<a>'.repeat(70)}${'</a>'.repeat(70)}`, 'nested deeper than 64'],
    ['<a>&#0;</a>', 'Unknown entity'],
  ])('refuses %s', (xml, message) => {
    expect(() => parseXml(xml)).toThrow(XmlSyntaxError);
    expect(() => parseXml(xml)).toThrow(message);
  });
});
