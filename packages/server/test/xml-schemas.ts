// Validates XML Tessera serves against the XSD files in fixtures/xsd (written from the published
// specifications: Sitemaps 0.9 with Google's image extension and xhtml alternates, RSS 2.0 with the
// content module), with libxml2's xmllint compiled to WebAssembly (`xmllint-wasm`).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { validateXML } from 'xmllint-wasm';

const DIR = join(import.meta.dirname, 'fixtures/xsd');
const file = (fileName: string) => ({ fileName, contents: readFileSync(join(DIR, fileName), 'utf8') });

/** The main schema of each document kind and the files it includes or imports. */
const SCHEMAS = {
  sitemap: ['sitemap.xsd', 'sitemap-types.xsd', 'sitemap-image.xsd', 'sitemap-xhtml.xsd'],
  'sitemap-index': ['sitemap-index.xsd', 'sitemap-types.xsd'],
  rss: ['rss-2.0.xsd', 'rss-content.xsd'],
} as const;

export type XmlKind = keyof typeof SCHEMAS;

/** The schema's complaints about `xml` (none when it is valid), each as `line N: message`. */
export async function schemaErrors(kind: XmlKind, xml: string): Promise<string[]> {
  const [main, ...rest] = SCHEMAS[kind];
  const result = await validateXML({
    xml: [{ fileName: `${kind}.xml`, contents: xml }],
    schema: [file(main)],
    preload: rest.map(file),
  });
  if (result.valid) return [];
  const errors = result.errors.map((e) => `line ${e.loc?.lineNumber ?? '?'}: ${e.message}`);
  return errors.length > 0 ? errors : [result.rawOutput.trim() || 'invalid'];
}
