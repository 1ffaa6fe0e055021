import type { TestServer } from '../src/testing.js';

export interface Answer<T = any> {
  status: number;
  body: T;
  headers: Headers;
  setCookies: string[];
}

export interface RequestOptions {
  /** JSON body (serialised) or a raw string body. */
  body?: unknown;
  /** Sent as-is when given (raw bodies). */
  contentType?: string;
  /** Send the crumb header (default true for state-changing requests). */
  crumb?: boolean | string;
  headers?: Record<string, string>;
}

/** A browser stand-in: keeps cookies between requests and echoes the crumb like the storefront does. */
export class Visitor {
  readonly cookies = new Map<string, string>();

  constructor(
    readonly baseUrl: string,
    crumb: string | null = `crumb-${Math.random().toString(36).slice(2)}`,
  ) {
    if (crumb) this.cookies.set('crumb', crumb);
  }

  static of(server: TestServer): Visitor {
    return new Visitor(server.url);
  }

  get cartToken(): string | undefined {
    return this.cookies.get('CART');
  }

  async request<T = any>(method: string, path: string, options: RequestOptions = {}): Promise<Answer<T>> {
    const headers: Record<string, string> = { ...options.headers };
    if (this.cookies.size > 0) {
      headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    }
    const stateChanging = method !== 'GET' && method !== 'HEAD';
    const crumb = options.crumb ?? stateChanging;
    if (crumb) headers['x-csrf-token'] = typeof crumb === 'string' ? crumb : (this.cookies.get('crumb') ?? '');
    let body: string | undefined;
    if (options.body !== undefined) {
      body = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
      headers['content-type'] = options.contentType ?? 'application/json';
    } else if (options.contentType) {
      headers['content-type'] = options.contentType;
    }
    const response = await fetch(this.baseUrl + path, { method, headers, body, redirect: 'manual' });
    const setCookies = response.headers.getSetCookie();
    for (const line of setCookies) {
      const [pair] = line.split(';');
      const eq = pair.indexOf('=');
      this.cookies.set(pair.slice(0, eq).trim(), decodeURIComponent(pair.slice(eq + 1).trim()));
    }
    const text = await response.text();
    const type = response.headers.get('content-type') ?? '';
    const parsed = type.includes('json') && text ? JSON.parse(text) : text;
    return { status: response.status, body: parsed as T, headers: response.headers, setCookies };
  }

  get<T = any>(path: string, options?: RequestOptions) {
    return this.request<T>('GET', path, options);
  }
  post<T = any>(path: string, body?: unknown, options?: RequestOptions) {
    return this.request<T>('POST', path, { ...options, body });
  }
  put<T = any>(path: string, body?: unknown, options?: RequestOptions) {
    return this.request<T>('PUT', path, { ...options, body });
  }
  delete<T = any>(path: string, options?: RequestOptions) {
    return this.request<T>('DELETE', path, options);
  }
}

/** The demo shop's products by url id, in the order the shop lists them. */
export const DEMO_PRODUCT_URL_IDS = [
  'linen-shirt',
  'canvas-tote',
  'field-guide-ebook',
  'design-consultation',
  'gift-card',
  'coffee-subscription',
  'custom-mug',
  'wool-scarf',
  'sticker-pack',
];

/** Item ids of the demo catalogue by urlId. */
export async function demoItemIds(server: TestServer): Promise<Record<string, string>> {
  const content = server.app.services.content;
  const site = await content.getSiteForHost('localhost');
  const shop = await content.getCollectionBySlug(site.id, 'shop');
  if (!shop) throw new Error('the demo site has no shop collection');
  const products = await content.listProducts(site.id, shop.id);
  return Object.fromEntries(products.map((p) => [p.urlId, p.id]));
}

/**
 * Two sites on one server: the demo site moves to host 127.0.0.1 and a copy of it, `other-site`, answers
 * on `other.test`, to show one site's data never reaches the other. Returns the demo site's id.
 */
export async function addSecondSite(server: TestServer): Promise<string> {
  const site = await server.db.selectFrom('sites').selectAll().executeTakeFirstOrThrow();
  await server.db.updateTable('sites').set({ host: '127.0.0.1' }).where('id', '=', site.id).execute();
  await server.db
    .insertInto('sites')
    .values({
      ...site,
      id: 'other-site',
      host: 'other.test',
      title: 'Other',
      created_at: new Date().toISOString(),
      files_root: 0,
    })
    .execute();
  server.app.services.content.invalidate();
  return site.id;
}

/** Uploads files as the editor's file panel does (multipart, with the owner's cookies and crumb); answers status and JSON. */
export async function uploadFiles(
  server: TestServer,
  who: Visitor,
  files: readonly { name: string; body: string | Uint8Array }[],
): Promise<{ status: number; body: any }> {
  const form = new FormData();
  for (const file of files) {
    form.append('file', new Blob([typeof file.body === 'string' ? file.body : new Uint8Array(file.body)]), file.name);
  }
  const cookie = [...who.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const response = await fetch(`${server.url}/api/config/files`, {
    method: 'POST',
    body: form,
    headers: { cookie, 'x-csrf-token': who.cookies.get('crumb') ?? '' },
  });
  return { status: response.status, body: await response.json() };
}
