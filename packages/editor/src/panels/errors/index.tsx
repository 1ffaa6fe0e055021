import type { ErrorsAnswer } from '@tessera/core/contracts/analytics';
import { useState } from 'react';
import { RangePicker } from '../analytics/RangePicker.js';
import { browserToday, type RangeChoice, rangeQuery } from '../analytics/shape.js';
import type { PanelProps } from '../registry.js';
import { Panel } from '../shared/Panel.js';
import { useResource } from '../shared/resource.js';
import './errors.css';

function when(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
}

function counted(reports: number, groups: number): string {
  const plural = (count: number, word: string) => `${count.toLocaleString('en-US')} ${word}${count === 1 ? '' : 's'}`;
  return `${plural(reports, 'report')} in ${plural(groups, 'group')}`;
}

/** Insights › JavaScript errors: what broke on the site's pages, grouped, most frequent first. */
export default function ErrorsPanel(_props: PanelProps) {
  const [choice, setChoice] = useState<RangeChoice>({ kind: 'preset', days: 7 });
  const [today, setToday] = useState<string>();
  const answer = useResource<ErrorsAnswer>(
    `/api/config/analytics/errors${rangeQuery(choice, today ?? browserToday())}`,
  );
  const groups = answer.data?.errors ?? [];
  const reports = groups.reduce((sum, group) => sum + group.count, 0);

  return (
    <Panel
      title="JavaScript errors"
      error={answer.error}
      status={answer.loading ? 'Loading errors…' : answer.data ? counted(reports, groups.length) : ''}
      actions={
        <button type="button" onClick={() => void answer.reload()} disabled={answer.loading}>
          Refresh
        </button>
      }
    >
      <RangePicker
        choice={choice}
        current={answer.data?.range}
        onChange={(next) => {
          if (!today && answer.data) setToday(answer.data.range.to);
          setChoice(next);
        }}
      />
      {answer.data && groups.length === 0 && (
        <p className="ed-empty">No JavaScript errors were reported in this range.</p>
      )}
      {groups.length > 0 && (
        <>
          <p className="er-summary">{counted(reports, groups.length)}, grouped by message and source file.</p>
          <div className="er-scroll">
            <table className="ed-table er-table">
              <caption className="ed-sr">JavaScript errors, most frequent first</caption>
              <thead>
                <tr>
                  <th scope="col">Error</th>
                  <th scope="col">Source</th>
                  <th scope="col">Count</th>
                  <th scope="col">Pages</th>
                  <th scope="col">Browsers</th>
                  <th scope="col">First seen</th>
                  <th scope="col">Last seen</th>
                </tr>
              </thead>
              <tbody>
                {groups.map((group) => (
                  <tr key={`${group.message}\u0000${group.source}`}>
                    <th scope="row" className="er-message">
                      {group.name && !group.message.includes(group.name) && (
                        <span className="er-name">{group.name}: </span>
                      )}
                      {group.message}
                    </th>
                    <td className="er-source">{group.source || '—'}</td>
                    <td>{group.count.toLocaleString('en-US')}</td>
                    <td>
                      <ul className="er-list" aria-label={`${group.pages} pages`}>
                        {group.paths.map((path) => (
                          <li key={path}>{path || '(unknown)'}</li>
                        ))}
                        {group.pages > group.paths.length && <li>and {group.pages - group.paths.length} more</li>}
                      </ul>
                    </td>
                    <td>
                      <ul className="er-list">
                        {group.browsers.map((b) => (
                          <li key={b.browser}>
                            {b.browser} ({b.count})
                          </li>
                        ))}
                      </ul>
                    </td>
                    <td>
                      <time dateTime={group.firstSeen}>{when(group.firstSeen)}</time>
                    </td>
                    <td>
                      <time dateTime={group.lastSeen}>{when(group.lastSeen)}</time>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </Panel>
  );
}
