import { checkTermName, findTerm, TERM_MAX_LENGTH, type TermKind } from '@tessera/core';
import { useId, useState } from 'react';

const PLURAL: Record<TermKind, string> = { tag: 'Tags', category: 'Categories' };

/**
 * A post's tags or categories: the chosen ones as a list with a remove button each, and a field
 * that adds one (Enter or the Add button), suggesting the names the blog already uses. A name the
 * blog has in another case takes the blog's spelling; the same name twice gets SPEC's message.
 */
export function TermsInput(props: {
  kind: TermKind;
  values: string[];
  known: string[];
  onChange: (values: string[]) => void;
}) {
  const { kind, values } = props;
  const id = useId();
  const [draft, setDraft] = useState('');
  const [error, setError] = useState('');

  const add = () => {
    const check = checkTermName(kind, draft, values);
    if (!check.ok) return setError(check.error);
    props.onChange([...values, findTerm(props.known, check.value) ?? check.value]);
    setDraft('');
    setError('');
  };
  const suggestions = props.known.filter((name) => !findTerm(values, name));

  return (
    <fieldset className="ed-blog__terms">
      <legend>{PLURAL[kind]}</legend>
      {values.length > 0 ? (
        <ul className="ed-blog__chips" aria-label={`${PLURAL[kind]} of this post`}>
          {values.map((name) => (
            <li key={name}>
              {name}
              <button
                type="button"
                aria-label={`Remove ${kind} ${name}`}
                onClick={() => props.onChange(values.filter((v) => v !== name))}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="ed-hint">No {PLURAL[kind].toLowerCase()} yet.</p>
      )}
      <div className="ed-blog__term-add">
        <label htmlFor={`${id}-input`}>{kind === 'tag' ? 'Add a tag' : 'Add a category'}</label>
        <input
          id={`${id}-input`}
          list={`${id}-known`}
          value={draft}
          maxLength={TERM_MAX_LENGTH[kind] + 20}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => {
            setDraft(e.target.value);
            if (error) setError('');
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              add();
            }
          }}
        />
        <datalist id={`${id}-known`}>
          {suggestions.map((name) => (
            <option key={name} value={name} />
          ))}
        </datalist>
        <button type="button" onClick={add}>
          {kind === 'tag' ? 'Add tag' : 'Add category'}
        </button>
      </div>
      {error && (
        <p id={`${id}-error`} className="ed-field-error" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}
