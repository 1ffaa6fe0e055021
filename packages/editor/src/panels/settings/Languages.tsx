import type { SiteLanguage as Language, MultilingualSettings as Multilingual } from '@tessera/core/contracts/settings';
import { type FormEvent, useEffect, useState } from 'react';
import { api } from '../../api.js';
import { useResource } from '../shared/resource.js';
import { SaveBar } from './fields.js';

const CODE = /^[a-z]{2,3}(-[A-Za-z0-9]{2,8})?$/;

/** The site's languages (SPEC §7 `GET /api/multilingual/settings`, `PUT /api/multilingual/languages`). */
export function Languages() {
  const loaded = useResource<Multilingual>('/api/multilingual/settings');
  const [draft, setDraft] = useState<Multilingual | undefined>();
  const [error, setError] = useState('');
  const [status, setStatus] = useState('');
  const [saving, setSaving] = useState(false);
  const [newCode, setNewCode] = useState('');

  useEffect(() => {
    if (loaded.data) setDraft(loaded.data);
  }, [loaded.data]);

  if (loaded.error) return <p className="ed-field-error">{loaded.error}</p>;
  if (!draft) return <p className="ed-empty">Loading languages…</p>;
  const dirty = JSON.stringify(draft) !== JSON.stringify(loaded.data);

  const setLanguages = (languages: Language[]) => {
    setDraft({ ...draft, languages });
    setStatus('');
  };
  const add = () => {
    const code = newCode.trim();
    if (!CODE.test(code)) return setError('Use a language code such as en or fr-CA.');
    if (draft.languages.some((l) => l.code === code)) return setError(`${code} is already one of the languages.`);
    const name = languageName(code);
    setLanguages([...draft.languages, { code, name, enabled: true }]);
    setNewCode('');
    setError('');
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    try {
      const saved = await api<Multilingual>('PUT', '/api/multilingual/languages', {
        defaultLanguage: draft.defaultLanguage,
        languages: draft.languages,
      });
      await loaded.reload();
      setDraft(saved);
      setError('');
      setStatus('Languages saved');
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setSaving(false);
    }
  };

  return (
    <form onSubmit={submit} className="st-fieldset" aria-labelledby="st-languages">
      <h3 id="st-languages">Languages</h3>
      <table className="ed-table">
        <thead>
          <tr>
            <th scope="col">Language</th>
            <th scope="col">Default</th>
            <th scope="col">Shown to visitors</th>
            <th scope="col">
              <span className="ed-sr">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {draft.languages.map((language) => (
            <tr key={language.code}>
              <td>
                {language.name} ({language.code})
              </td>
              <td>
                <input
                  type="radio"
                  name="st-default-language"
                  aria-label={`Default language: ${language.name}`}
                  checked={draft.defaultLanguage === language.code}
                  onChange={() => setDraft({ ...draft, defaultLanguage: language.code })}
                />
              </td>
              <td>
                <input
                  type="checkbox"
                  aria-label={`Show ${language.name} to visitors`}
                  checked={language.enabled}
                  onChange={(e) =>
                    setLanguages(
                      draft.languages.map((l) => (l.code === language.code ? { ...l, enabled: e.target.checked } : l)),
                    )
                  }
                />
              </td>
              <td>
                <button
                  type="button"
                  disabled={draft.languages.length === 1 || draft.defaultLanguage === language.code}
                  onClick={() => setLanguages(draft.languages.filter((l) => l.code !== language.code))}
                >
                  Remove {language.name}
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="st-inline">
        <label htmlFor="st-language-code">Add a language (code)</label>
        <input
          id="st-language-code"
          value={newCode}
          maxLength={12}
          placeholder="fr"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'st-language-error' : undefined}
          onChange={(e) => setNewCode(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              add();
            }
          }}
        />
        <button type="button" onClick={add}>
          Add language
        </button>
      </div>
      {error && (
        <p id="st-language-error" className="ed-field-error" role="alert">
          {error}
        </p>
      )}
      <SaveBar
        dirty={dirty}
        saving={saving}
        label="Save languages"
        onDiscard={() => loaded.data && setDraft(loaded.data)}
      />
      <p className="ed-sr" role="status">
        {status}
      </p>
    </form>
  );
}

function languageName(code: string): string {
  try {
    return new Intl.DisplayNames(['en'], { type: 'language' }).of(code) ?? code;
  } catch {
    return code;
  }
}
