import { memo, useState } from 'react';
import { ApiError, api } from '../../api.js';
import type {
  ThemeCompareAnswer,
  ThemeFileDiff as FileDiff,
  ThemeCompileError,
  ThemeVersion,
} from '@tessera/core/contracts/site-themes';

const BASE = '/api/config/theme';

/** Saved versions: publish (or roll back to) one, open one in the draft, go back to the default theme, compare two. */
export const Versions = memo(function Versions(props: {
  versions: ThemeVersion[];
  live: string | null;
  onChanged: (status: string) => Promise<void>;
  onError: (message: string, errors?: ThemeCompileError[]) => void;
}) {
  const [from, setFrom] = useState('default');
  const [to, setTo] = useState('');
  const [diff, setDiff] = useState<FileDiff[] | null>(null);
  const { versions, live } = props;
  const liveNumber = versions.find((v) => v.id === live)?.number ?? 0;

  async function publish(versionId: string | null, what: string) {
    try {
      await api('POST', `${BASE}/publish`, { versionId });
      await props.onChanged(`${what} is live.`);
    } catch (e) {
      const errors = e instanceof ApiError ? (e.body.errors as ThemeCompileError[] | undefined) : undefined;
      props.onError((e as Error).message, errors);
    }
  }

  async function edit(version: ThemeVersion) {
    try {
      await api('POST', `${BASE}/versions/${version.id}/edit`, {});
      await props.onChanged(`Version ${version.number} is in the draft.`);
    } catch (e) {
      props.onError((e as Error).message);
    }
  }

  async function compare() {
    const target = to || versions[0]?.id;
    if (!target) return;
    try {
      const answer = await api<ThemeCompareAnswer>('GET', `${BASE}/compare?from=${from}&to=${target}`);
      setDiff(answer.files);
    } catch (e) {
      props.onError((e as Error).message);
    }
  }

  const label = (v: ThemeVersion) => `Version ${v.number}${v.label ? ` (${v.label})` : ''}`;
  return (
    <section className="te-versions" aria-label="Versions">
      <h2>Versions</h2>
      <p className="ed-help">
        {live ? `Visitors see version ${liveNumber}.` : 'Visitors see the default theme.'}{' '}
        {live && (
          <button type="button" onClick={() => void publish(null, 'The default theme')}>
            Back to the default theme
          </button>
        )}
      </p>
      {versions.length === 0 && <p className="ed-help">No saved versions yet.</p>}
      <ol className="te-versions__list">
        {versions.map((version) => (
          <li key={version.id} data-version={version.number}>
            <span>
              {label(version)} · {new Date(version.createdAt).toLocaleString()} · {version.files.length} file
              {version.files.length === 1 ? '' : 's'}
              {version.live && <strong className="te-live"> Live</strong>}
            </span>
            {!version.live && (
              <button type="button" onClick={() => void publish(version.id, label(version))}>
                {version.number < liveNumber
                  ? `Roll back to version ${version.number}`
                  : `Publish version ${version.number}`}
              </button>
            )}
            <button type="button" onClick={() => void edit(version)}>
              Edit version {version.number}
            </button>
          </li>
        ))}
      </ol>
      {versions.length > 0 && (
        <div className="te-compare">
          <label>
            Compare{' '}
            <select aria-label="Compare from" value={from} onChange={(e) => setFrom(e.target.value)}>
              <option value="default">Default theme</option>
              {versions.map((v) => (
                <option key={v.id} value={v.id}>
                  {label(v)}
                </option>
              ))}
            </select>
          </label>{' '}
          <label>
            with{' '}
            <select aria-label="Compare to" value={to || versions[0]!.id} onChange={(e) => setTo(e.target.value)}>
              <option value="default">Default theme</option>
              {versions.map((v) => (
                <option key={v.id} value={v.id}>
                  {label(v)}
                </option>
              ))}
            </select>
          </label>{' '}
          <button type="button" onClick={() => void compare()}>
            Compare
          </button>
        </div>
      )}
      {diff && (
        <div className="te-diff" role="region" aria-label="Differences">
          {diff.length === 0 && <p>The two are the same.</p>}
          {diff.map((file) => (
            <details key={file.path} open>
              <summary>
                {file.path} ({file.status})
              </summary>
              <pre>
                {file.lines.map((line, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: lines of a fixed diff
                  <div key={i} className={`te-diff__${line.op === '+' ? 'add' : line.op === '-' ? 'del' : 'same'}`}>
                    {line.op} {line.text}
                  </div>
                ))}
              </pre>
            </details>
          ))}
        </div>
      )}
    </section>
  );
});
