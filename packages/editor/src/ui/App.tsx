import { rolesAllow } from '@tessera/core';
import { type ComponentType, lazy, type ReactNode, Suspense } from 'react';
import { api } from '../api.js';
import { PANELS, type PanelDef, type PanelProps } from '../panels/registry.js';
import { readBoot } from '../shell/boot.js';
import { navigate, usePath } from '../shell/router.js';
import { PageEditor } from './PageEditor.js';
import './shell.css';

const boot = readBoot();
const lazyPanels = new Map<PanelDef, ComponentType<PanelProps>>();
function panelComponent(def: PanelDef): ComponentType<PanelProps> {
  let found = lazyPanels.get(def);
  if (!found) {
    found = lazy(def.load);
    lazyPanels.set(def, found);
  }
  return found;
}

/** The panels the signed-in owner's roles may use; the owner does not change while the page is open. */
const visible = PANELS.filter((p) => rolesAllow(boot.owner.roles, p.group));

const PAGES_PATH = '/config/pages';

function matches(path: string, prefix: string): boolean {
  return path === prefix || path.startsWith(`${prefix}/`);
}

async function signOut() {
  try {
    await api('DELETE', '/api/config/session');
  } finally {
    window.location.assign('/config/login');
  }
}

/**
 * The editor's shell: the navigation rail and the panel for the current address. The page editor
 * is part of the first load; every other panel is loaded the first time it is opened.
 */
export function App() {
  const path = usePath();
  const owner = boot.owner;
  const canEditPages = rolesAllow(owner.roles, 'content');
  const active = visible.find((p) => matches(path, p.path));
  const onPages = path === '/config' || path === '/config/' || matches(path, PAGES_PATH);

  let body: ReactNode;
  if (active) {
    const Component = panelComponent(active);
    body = (
      <Suspense fallback={<p className="ed-empty">Loading…</p>}>
        <Component path={path} navigate={navigate} owner={owner} />
      </Suspense>
    );
  } else if (onPages && canEditPages) {
    body = <PageEditor />;
  } else if (onPages && visible[0]) {
    const first = visible[0];
    queueMicrotask(() => navigate(first.path, { replace: true }));
    body = <p className="ed-empty">Loading…</p>;
  } else {
    body = (
      <p className="ed-empty" role="alert">
        This part of the editor is not available to your account.
      </p>
    );
  }

  const sections = ['Website', 'Commerce', 'Insights', 'Settings'] as const;
  return (
    <div className="ed-shell">
      <nav className="ed-nav" aria-label="Editor">
        <strong className="ed-brand">Tessera</strong>
        {sections.map((section) => {
          const links = visible.filter((p) => p.section === section);
          const withPages = section === 'Website' && canEditPages;
          if (!links.length && !withPages) return null;
          return (
            <div key={section} className="ed-nav__section">
              <h2 className="ed-nav__heading">{section}</h2>
              <ul>
                {withPages && (
                  <li>
                    <a
                      href={PAGES_PATH}
                      aria-current={onPages ? 'page' : undefined}
                      onClick={(event) => {
                        event.preventDefault();
                        navigate(PAGES_PATH);
                      }}
                    >
                      Pages
                    </a>
                  </li>
                )}
                {links.map((p) => (
                  <li key={p.path}>
                    <a
                      href={p.path}
                      aria-current={active === p ? 'page' : undefined}
                      onClick={(event) => {
                        if (event.metaKey || event.ctrlKey || event.shiftKey) return;
                        event.preventDefault();
                        navigate(p.path);
                      }}
                    >
                      {p.label}
                    </a>
                  </li>
                ))}
              </ul>
            </div>
          );
        })}
        <div className="ed-nav__foot">
          {boot.site?.title && (
            <span className="ed-nav__site">
              Editing <strong>{boot.site.title}</strong>
              {boot.site.host ? ` (${boot.site.host})` : ''}
            </span>
          )}
          <span className="ed-nav__owner">{owner.email}</span>
          <a href="/" target="_blank" rel="noreferrer">
            View site
          </a>
          <button type="button" onClick={() => void signOut()}>
            Sign out
          </button>
        </div>
      </nav>
      <div className="ed-shell__main">{body}</div>
    </div>
  );
}
