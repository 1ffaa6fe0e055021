import { lazy, Suspense } from 'react';
import { type BlockFormProps, blockEdits, SelectField, TextField } from './common.js';

const CodeEditor = lazy(() => import('../CodeEditor.js'));
const RichText = lazy(() => import('../RichText.js'));
const IS_ANDROID = typeof navigator !== 'undefined' && /Android/i.test(navigator.userAgent);

const str = (value: unknown, fallback = '') => (typeof value === 'string' ? value : fallback);

export function HeadingForm(props: BlockFormProps) {
  const { set } = blockEdits(props);
  const c = props.block.content;
  return (
    <>
      <TextField label="Heading text" value={str(c.text)} onChange={(v) => set('content', 'text', v)} />
      <SelectField
        label="Level"
        value={String(c.level ?? 2)}
        options={[1, 2, 3, 4].map((n) => ({ value: String(n), label: `Heading ${n}` }))}
        onChange={(v) => set('content', 'level', Number(v))}
      />
    </>
  );
}

export function TextForm(props: BlockFormProps) {
  const { set } = blockEdits(props);
  const { block } = props;
  return (
    <>
      <div className="ed-field">
        <span className="ed-label" id={`ed-${block.id}-rich-label`}>
          Text
        </span>
        <Suspense fallback={<p className="ed-hint">Loading the text editor…</p>}>
          <RichText
            key={block.id}
            id={`ed-${block.id}-rich`}
            label="Text"
            html={str(block.content.html)}
            onChange={(html) => set('content', 'html', html)}
          />
        </Suspense>
      </div>
      <details>
        <summary>HTML</summary>
        <TextField
          label="HTML"
          multiline
          rows={6}
          value={str(block.content.html)}
          onChange={(v) => set('content', 'html', v)}
        />
      </details>
    </>
  );
}

export function MarkdownForm(props: BlockFormProps) {
  const { set } = blockEdits(props);
  return (
    <TextField
      label="Markdown"
      multiline
      rows={6}
      value={str(props.block.content.markdown)}
      onChange={(v) => set('content', 'markdown', v)}
    />
  );
}

export function CodeForm(props: BlockFormProps) {
  const { set } = blockEdits(props);
  const { block } = props;
  const code = str(block.content.code);
  return (
    <>
      {IS_ANDROID ? (
        <>
          <p className="ed-hint">Code editing is not available on Android.</p>
          <TextField label="Code" multiline rows={6} value={code} onChange={(v) => set('content', 'code', v)} />
        </>
      ) : (
        <div className="ed-field">
          <label htmlFor={`ed-${block.id}-code`}>Code</label>
          <Suspense fallback={<p className="ed-hint">Loading the code editor…</p>}>
            <CodeEditor
              id={`ed-${block.id}-code`}
              label="Code"
              value={code}
              onChange={(value) => set('content', 'code', value)}
            />
          </Suspense>
        </div>
      )}
      <TextField
        label="Language"
        value={str(block.content.language, 'text')}
        onChange={(v) => set('content', 'language', v)}
      />
    </>
  );
}

/** Quote: the runtime prints `content.text` in a blockquote and `content.source` under it. */
export function QuoteForm(props: BlockFormProps) {
  const { set } = blockEdits(props);
  const c = props.block.content;
  return (
    <>
      <TextField label="Quote" multiline value={str(c.text)} onChange={(v) => set('content', 'text', v)} />
      <TextField
        label="Source"
        value={str(c.source)}
        hint="Who said it; shown under the quote."
        onChange={(v) => set('content', 'source', v)}
      />
    </>
  );
}
