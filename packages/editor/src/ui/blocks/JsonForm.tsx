import { useEffect, useState } from 'react';
import { type BlockFormProps, labelOf } from './common.js';

/** Blocks without a form of their own: their settings and content as JSON, applied when valid. */
export function JsonForm({ block, section, index, apply }: BlockFormProps) {
  const [texts, setTexts] = useState({
    content: JSON.stringify(block.content, null, 2),
    settings: JSON.stringify(block.settings, null, 2),
  });
  const [problem, setProblem] = useState('');
  useEffect(() => {
    setTexts({ content: JSON.stringify(block.content, null, 2), settings: JSON.stringify(block.settings, null, 2) });
  }, [block.content, block.settings]);
  const commit = (area: 'content' | 'settings') => {
    try {
      const value = JSON.parse(texts[area]);
      if (!value || typeof value !== 'object' || Array.isArray(value)) throw new Error('not an object');
      setProblem('');
      apply(`Edited ${labelOf(block)}`, [{ op: 'replaceBlockArea', section, index, area, value }]);
    } catch {
      setProblem(`The ${area} must be a JSON object.`);
    }
  };
  return (
    <>
      {(['content', 'settings'] as const).map((area) => (
        <div key={area} className="ed-field">
          <label htmlFor={`ed-${block.id}-json-${area}`}>
            {area === 'content' ? 'Content (JSON)' : 'Settings (JSON)'}
          </label>
          <textarea
            id={`ed-${block.id}-json-${area}`}
            rows={6}
            spellCheck={false}
            value={texts[area]}
            onChange={(e) => setTexts({ ...texts, [area]: e.target.value })}
            onBlur={() => commit(area)}
          />
        </div>
      ))}
      {problem && (
        <p className="ed-field-error" role="alert">
          {problem}
        </p>
      )}
    </>
  );
}
