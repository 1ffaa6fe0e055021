import type { ThemeFileInfo } from '@tessera/core/contracts/site-themes';
import { memo } from 'react';
import type { PositionedError } from './jsont-language.js';

const GROUPS: { kind: ThemeFileInfo['kind']; label: string }[] = [
  { kind: 'template', label: 'Templates' },
  { kind: 'partial', label: 'Partials' },
  { kind: 'css', label: 'Stylesheets' },
];

/** Whether two error lists say the same (the panel re-renders only when the compile result changes). */
export function sameErrors(a: readonly PositionedError[], b: readonly PositionedError[]): boolean {
  return (
    a.length === b.length &&
    a.every((e, i) => e.line === b[i]!.line && e.column === b[i]!.column && e.message === b[i]!.message)
  );
}

/** The theme's files by kind; a dot marks the ones the draft changes. */
export const FileTree = memo(function FileTree(props: {
  files: ThemeFileInfo[] | undefined;
  current: string;
  changed: ReadonlySet<string>;
  onOpen: (path: string) => void;
}) {
  return (
    <nav className="te-tree" aria-label="Theme files">
      {GROUPS.map((group) => (
        <details key={group.kind} open={group.kind !== 'css'}>
          <summary>{group.label}</summary>
          <ul>
            {(props.files ?? [])
              .filter((f) => f.kind === group.kind)
              .map((f) => (
                <li key={f.path}>
                  <button
                    type="button"
                    aria-current={f.path === props.current ? 'true' : undefined}
                    onClick={() => props.onOpen(f.path)}
                  >
                    {f.path.replace(/^(templates|partials|assets)\//, '')}
                    {props.changed.has(f.path) && (
                      <span className="te-changed" title="Changed in the draft">
                        {' '}
                        •
                      </span>
                    )}
                  </button>
                </li>
              ))}
          </ul>
        </details>
      ))}
    </nav>
  );
});

/** Any page of the site with the draft theme; loaded again (`reloads` goes up) after each draft save. */
export const Preview = memo(function Preview(props: {
  reloads: number;
  path: string;
  onPath: (path: string) => void;
  onReload: () => void;
}) {
  const { path } = props;
  return (
    <div className="te-preview">
      <label>
        Preview page{' '}
        <input
          aria-label="Preview page"
          value={path}
          onChange={(e) => props.onPath(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') props.onReload();
          }}
        />
      </label>
      <iframe
        key={`${props.reloads}`}
        title="Theme preview"
        src={`${path.startsWith('/') ? path : `/${path}`}${path.includes('?') ? '&' : '?'}themePreview=draft`}
        className="te-preview__frame"
      />
    </div>
  );
});
