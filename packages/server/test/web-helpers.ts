import { request } from 'node:http';
import { Window } from 'happy-dom';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';

export interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** The bytes as sent (still compressed). */
  bytes: Buffer;
  /** The body decoded by its Content-Encoding. */
  text: string;
}

/** A GET (or HEAD) with exactly `headers`, nothing decoded for us: what a client really gets. */
export function rawGet(url: string, headers: Record<string, string> = {}, method = 'GET'): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const bytes = Buffer.concat(chunks);
        const encoding = res.headers['content-encoding'];
        const plain = encoding === 'br' ? brotliDecompressSync(bytes) : encoding === 'gzip' ? gunzipSync(bytes) : bytes;
        resolve({ status: res.statusCode ?? 0, headers: res.headers, bytes, text: plain.toString('utf8') });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/** GET a path with a Host header of our choice (fetch does not let a caller set it). */
export function getWithHost(url: string, path: string, host: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(`${url}${path}`, { headers: { host } }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk) => {
        body += chunk;
      });
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** The `crumb=` cookie a page set, as a Cookie header value. */
export function crumbCookie(answer: RawAnswer): string | undefined {
  const set = answer.headers['set-cookie'];
  const line = (Array.isArray(set) ? set : set ? [set] : []).find((c) => c.startsWith('crumb='));
  return line?.split(';')[0];
}

/** Parses XML strictly (happy-dom's XML parser); throws with the parser's message when it is not well-formed. */
export function parseXml(text: string): Document {
  const window = new Window();
  const doc = new window.DOMParser().parseFromString(text, 'application/xml') as unknown as Document;
  const error = doc.getElementsByTagName('parsererror')[0];
  if (error) throw new Error(`not well-formed XML: ${error.textContent}`);
  return doc;
}

/** Child elements of `parent` in namespace `ns` named `local`. */
export function childrenNS(parent: Element | Document, ns: string, local: string): Element[] {
  const kids = 'documentElement' in parent ? [parent.documentElement] : Array.from(parent.children);
  return kids.filter((el) => el.namespaceURI === ns && el.localName === local) as Element[];
}

/** Every element under `root` in namespace `ns` named `local` (happy-dom's getElementsByTagNameNS misses prefixed names). */
export function elementsNS(root: Element | Document, ns: string, local: string): Element[] {
  return Array.from(root.getElementsByTagName('*')).filter(
    (el) => el.namespaceURI === ns && el.localName === local,
  ) as Element[];
}
