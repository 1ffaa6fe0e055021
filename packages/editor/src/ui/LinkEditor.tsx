import { buildLink, LINK_TAB_LABELS, LINK_TABS, type LinkTab, parseLink } from '@tessera/core';
import { useId, useState } from 'react';
import type { FileEntry } from '@tessera/core/contracts/files';
import type { PageSummary } from '@tessera/core/contracts/pages';

interface LinkEditorProps {
  url: string;
  pages: PageSummary[];
  files: FileEntry[];
  onChange: (url: string) => void;
}

/** The link editor (SPEC §2): tabs Page, Web Address, Email, Phone and File, with SPEC §5 messages. */
export function LinkEditor({ url, pages, files, onChange }: LinkEditorProps) {
  const start = parseLink(url);
  const [tab, setTab] = useState<LinkTab>(start.tab);
  const [value, setValue] = useState(start.value);
  const [message, setMessage] = useState('');
  const id = useId();

  const commit = (nextTab: LinkTab, raw: string) => {
    const result = buildLink(nextTab, raw);
    if (result.ok) {
      setMessage('');
      onChange(result.url);
    } else setMessage(result.message);
  };

  return (
    <div className="ed-link">
      <div role="tablist" aria-label="Link type" className="ed-tabs">
        {LINK_TABS.map((t) => (
          <button
            key={t}
            type="button"
            role="tab"
            id={`${id}-${t}`}
            aria-selected={tab === t}
            aria-controls={`${id}-panel`}
            onClick={() => {
              setTab(t);
              setValue('');
              setMessage('');
            }}
          >
            {LINK_TAB_LABELS[t]}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-${tab}`}>
        {tab === 'page' ? (
          <label>
            Page
            <select
              value={value}
              onChange={(e) => {
                setValue(e.target.value);
                commit('page', e.target.value);
              }}
            >
              <option value="">Choose a page</option>
              {pages
                .filter((p) => !p.isFolder)
                .map((p) => (
                  <option key={p.id} value={p.slug}>
                    {p.title}
                  </option>
                ))}
            </select>
          </label>
        ) : tab === 'file' ? (
          <label>
            File
            <select
              value={value}
              onChange={(e) => {
                setValue(e.target.value);
                commit('file', e.target.value);
              }}
            >
              <option value="">Choose a file</option>
              {files.map((f) => (
                <option key={f.name} value={f.name}>
                  {f.name}
                </option>
              ))}
            </select>
          </label>
        ) : (
          <label>
            {LINK_TAB_LABELS[tab]}
            <input
              type={tab === 'email' ? 'email' : tab === 'phone' ? 'tel' : 'text'}
              value={value}
              aria-invalid={message ? true : undefined}
              onChange={(e) => setValue(e.target.value)}
              onBlur={() => commit(tab, value)}
              onKeyDown={(e) => {
                if (e.key === 'Enter') commit(tab, value);
              }}
            />
          </label>
        )}
        {message && (
          <p className="ed-field-error" role="alert">
            {message}
          </p>
        )}
        <p className="ed-hint">Links to: {url || 'nothing yet'}</p>
      </div>
    </div>
  );
}
