import type { ReactNode } from 'react';
import type { PanelProps } from '../registry.js';
import { Panel } from '../shared/Panel.js';
import { EngagementSection } from './EngagementSection.js';
import { GeneralSection } from './GeneralSection.js';
import { HeaderFooterSection } from './HeaderFooterSection.js';
import { MailingListsSection } from './MailingListsSection.js';
import { useSettingsOptions } from './options.js';
import { PrivacySection } from './PrivacySection.js';
import { SearchEnginesSection } from './SearchEnginesSection.js';
import { useSettingsDraft } from './settings-draft.js';
import './settings.css';

const BASE = '/config/settings';

/** The sections, each at its own address under /config/settings. */
const SECTIONS = [
  { slug: '', label: 'General' },
  { slug: 'header-footer', label: 'Header and footer' },
  { slug: 'engagement', label: 'Comments, likes and sharing' },
  { slug: 'privacy', label: 'Cookies and tracking' },
  { slug: 'search-engines', label: 'Search engines and icon' },
  { slug: 'mailing-lists', label: 'Mailing lists' },
] as const;

type Slug = (typeof SECTIONS)[number]['slug'];

function sectionOf(path: string): Slug | undefined {
  const rest = path.slice(BASE.length).replace(/^\/+|\/+$/g, '');
  return SECTIONS.find((s) => s.slug === rest)?.slug;
}

/** Site settings (group `admin`): general, header and footer, engagement, privacy and mailing lists. */
export default function SettingsPanel({ path, navigate }: PanelProps) {
  const draft = useSettingsDraft();
  const options = useSettingsOptions();
  const slug = sectionOf(path);

  let body: ReactNode;
  if (slug === undefined) {
    body = (
      <p className="ed-empty" role="alert">
        There is no such settings section.
      </p>
    );
  } else if (draft.loadError && !draft.value) {
    body = (
      <div className="ed-error" role="alert">
        {draft.loadError}{' '}
        <button type="button" onClick={() => void draft.reload()}>
          Try again
        </button>
      </div>
    );
  } else if (!draft.value) {
    body = <p className="ed-empty">Loading settings…</p>;
  } else if (slug === '') {
    body = <GeneralSection draft={draft} options={options} />;
  } else if (slug === 'header-footer') {
    body = <HeaderFooterSection />;
  } else if (slug === 'engagement') {
    body = <EngagementSection draft={draft} options={options} />;
  } else if (slug === 'privacy') {
    body = <PrivacySection draft={draft} options={options} />;
  } else if (slug === 'search-engines') {
    body = <SearchEnginesSection draft={draft} />;
  } else {
    body = <MailingListsSection draft={draft} onListsChanged={() => void options.reload()} />;
  }

  return (
    <Panel title="Settings" status={draft.status}>
      <div className="st-layout">
        <nav className="st-sections" aria-label="Settings sections">
          <ul>
            {SECTIONS.map((section) => {
              const href = section.slug ? `${BASE}/${section.slug}` : BASE;
              return (
                <li key={section.slug}>
                  <a
                    href={href}
                    aria-current={slug === section.slug ? 'page' : undefined}
                    onClick={(event) => {
                      if (event.metaKey || event.ctrlKey || event.shiftKey) return;
                      event.preventDefault();
                      navigate(href);
                    }}
                  >
                    {section.label}
                  </a>
                </li>
              );
            })}
          </ul>
        </nav>
        <div className="st-body">{body}</div>
      </div>
    </Panel>
  );
}
