import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { compile, render, type Template, type TemplateError } from '@tessera/jsont';
import { type MemoSettings, RenderMemo, remember } from './render-memo.js';

export { TOKEN_STAND_IN } from './render-memo.js';

/** The layout every page template renders inside; it prints `page.mainContent`. */
export const LAYOUT_TEMPLATE = 'layout';

export interface RenderedPage {
  readonly html: string;
  /** Syntax and render errors of the page template and the layout, tagged with the template name. */
  readonly errors: readonly (TemplateError & { template: string })[];
  /** The page as any visitor may get it, the crumb stood in for (`render-memo.ts`, `MemoValue.shared`). */
  readonly shared?: string;
}

export type RenderSettings = MemoSettings;

/** A site's overridden theme files by path, and where its own stylesheets are served (`/theme-site/<v>/`). */
export interface SiteOverrides {
  readonly files: Readonly<Record<string, string>>;
  readonly assetPrefix: string;
}

/** Characters of remembered renders for a theme that remembers them (the visitor pages' one). */
export const PAGE_MEMO_CHARS = 16 * 1024 * 1024;

/**
 * A theme folder: `templates/*.jsont` (page templates plus the layout), `partials/*.block`
 * (applied with `{@|apply name.block}`) and `assets/` (served at `/theme/*`).
 * Sources are read once; each template is compiled on first use and kept for the life of
 * the process. `clear()` drops the compiled forms, for when a theme's files change.
 * With `memoChars` (the visitor pages pass `PAGE_MEMO_CHARS`), rendered pages and partials are
 * remembered by their whole context (`render-memo.ts`), so a page whose data and visitor parts did
 * not change is not rendered again. Themes that render mostly one-off pages (checkout, account)
 * leave it off.
 */
export class Theme {
  readonly stylesheetUrl: string;
  /** `assets/blocks.css` (sections, blocks, navigation folders, popup), linked by the layout. */
  readonly blocksStylesheetUrl: string;
  private readonly sources = new Map<string, string>();
  private readonly compiled = new Map<string, Template>();
  private readonly partials: Readonly<Record<string, string>>;
  private readonly rendered: RenderMemo<RenderedPage>;

  /** A site's own copies of files (`templates/home.jsont`, `assets/theme.css`), over the folder's. */
  private readonly overrides: SiteOverrides | undefined;

  constructor(
    readonly dir: string,
    options: { readonly memoChars?: number; readonly overrides?: SiteOverrides } = {},
  ) {
    this.rendered = new RenderMemo(options.memoChars ?? 0);
    this.overrides = options.overrides;
    const files = options.overrides?.files ?? {};
    const templatesDir = join(dir, 'templates');
    for (const file of listFiles(templatesDir, '.jsont')) {
      const own = files[`templates/${file}`];
      this.sources.set(file.slice(0, -'.jsont'.length), own ?? readFileSync(join(templatesDir, file), 'utf8'));
    }
    const partialsDir = join(dir, 'partials');
    const partials: Record<string, string> = {};
    // Sub-folders name their partials by relative path: `partials/blocks/form.block` is `blocks/form.block`.
    for (const file of listFilesDeep(partialsDir, '.block')) {
      partials[file] = files[`partials/${file}`] ?? readFileSync(join(partialsDir, file), 'utf8');
    }
    // One frozen object for the life of the theme: the engine caches compiled partials per object.
    this.partials = Object.freeze(partials);
    this.stylesheetUrl = this.assetUrl('theme.css');
    this.blocksStylesheetUrl = this.assetUrl('blocks.css');
  }

  /** Remembered pages found and not found so far (`/metrics`). */
  get memoStats(): { hits: number; misses: number } {
    return { hits: this.rendered.hits, misses: this.rendered.misses };
  }

  /** How many renders have read the clock so far: a caller keeping HTML of its own checks it did not grow. */
  get clockReads(): number {
    return this.rendered.clockReads;
  }

  has(name: string): boolean {
    return this.sources.has(name);
  }

  /**
   * Renders `name` with `context`, then the layout around it. A page seen before with the same
   * context comes from the memo (`render-memo.ts`); `settings.visitorToken` names the crumb.
   */
  renderPage(name: string, context: Record<string, unknown>, settings: RenderSettings): RenderedPage {
    return remember(this.rendered, `page:${name}`, context, settings, (data, clock) =>
      this.drawPage(name, data as Record<string, unknown>, clock),
    );
  }

  private drawPage(name: string, context: Record<string, unknown>, settings: RenderSettings): RenderedPage {
    const errors: (TemplateError & { template: string })[] = [];
    const main = this.renderTemplate(name, context, settings, errors);
    const page = (context.page ?? {}) as Record<string, unknown>;
    const withMain = { ...context, page: { blocksStylesheet: this.blocksStylesheetUrl, ...page, mainContent: main } };
    const html = this.renderTemplate(LAYOUT_TEMPLATE, withMain, settings, errors);
    return { html, errors };
  }

  /** Renders one partial (`blocks/image.block`) as a template of its own, with `context` as its root. */
  renderPartial(name: string, context: unknown, settings: RenderSettings): RenderedPage {
    return remember(this.rendered, `partial:${name}`, context, settings, (data, clock) =>
      this.drawPartial(name, data, clock),
    );
  }

  private drawPartial(name: string, context: unknown, settings: RenderSettings): RenderedPage {
    const errors: (TemplateError & { template: string })[] = [];
    const key = `partial:${name}`;
    let template = this.compiled.get(key);
    if (template === undefined) {
      const source = this.partials[name];
      if (source === undefined) {
        return {
          html: '',
          errors: [{ type: 'render', message: `Partial "${name}" does not exist in ${this.dir}`, template: name }],
        };
      }
      template = compile(source).template;
      this.compiled.set(key, template);
    }
    return { html: this.run(template, name, context, settings, errors), errors };
  }

  /** `/theme/<file>?v=<hash>` of one of the theme's assets. */
  assetUrl(file: string): string {
    const own = this.overrides?.files[`assets/${file}`];
    if (own !== undefined && this.overrides) {
      const hash = createHash('sha256').update(own).digest('hex').slice(0, 10);
      return `${this.overrides.assetPrefix}${file}?v=${hash}`;
    }
    return themeAssetUrl(this.dir, file);
  }

  hasPartial(name: string): boolean {
    return this.partials[name] !== undefined;
  }

  clear(): void {
    this.compiled.clear();
    this.rendered.clear();
  }

  private renderTemplate(
    name: string,
    context: unknown,
    settings: RenderSettings,
    errors: (TemplateError & { template: string })[],
  ): string {
    const template = this.template(name);
    if (template === undefined) {
      errors.push({ type: 'render', message: `Template "${name}" does not exist in ${this.dir}`, template: name });
      return '';
    }
    return this.run(template, name, context, settings, errors);
  }

  /** Renders a compiled template, adding what went wrong to `errors` under the template's `name`. */
  private run(
    template: Template,
    name: string,
    context: unknown,
    settings: RenderSettings,
    errors: (TemplateError & { template: string })[],
  ): string {
    const result = render(template, context, {
      partials: this.partials,
      locale: settings.locale,
      timeZone: settings.timeZone,
      now: settings.now,
    });
    for (const error of result.errors) errors.push({ ...error, template: name });
    return result.output;
  }

  private template(name: string): Template | undefined {
    const cached = this.compiled.get(name);
    if (cached !== undefined) return cached;
    const source = this.sources.get(name);
    if (source === undefined) return undefined;
    // Syntax errors stay on the template and are reported again by every render.
    const { template } = compile(source);
    this.compiled.set(name, template);
    return template;
  }
}

function listFiles(dir: string, suffix: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((file) => file.endsWith(suffix))
    .sort();
}

function listFilesDeep(dir: string, suffix: string, prefix = ''): string[] {
  if (!existsSync(dir)) return [];
  const found: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) found.push(...listFilesDeep(join(dir, entry.name), suffix, `${prefix}${entry.name}/`));
    else if (entry.name.endsWith(suffix)) found.push(`${prefix}${entry.name}`);
  }
  return found.sort();
}

/** `/theme/<file>?v=<content hash>`, so browsers can cache the stylesheet and still see edits. */
export function themeAssetUrl(themeDir: string, file: string): string {
  try {
    const hash = createHash('sha256')
      .update(readFileSync(join(themeDir, 'assets', file)))
      .digest('hex')
      .slice(0, 10);
    return `/theme/${file}?v=${hash}`;
  } catch {
    return `/theme/${file}`;
  }
}
