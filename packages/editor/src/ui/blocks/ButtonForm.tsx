import { LinkEditor } from '../LinkEditor.js';
import { type BlockFormProps, blockEdits, CheckField, SelectField, TextField } from './common.js';

export function ButtonForm(props: BlockFormProps) {
  const { set } = blockEdits(props);
  const { block, pages, files } = props;
  const c = block.content;
  const s = block.settings;
  return (
    <>
      <TextField
        label="Label"
        value={typeof c.label === 'string' ? c.label : 'Learn more'}
        onChange={(v) => set('content', 'label', v)}
      />
      <fieldset>
        <legend>Link</legend>
        <LinkEditor
          url={String(c.url ?? '')}
          pages={pages}
          files={files}
          onChange={(url) => set('content', 'url', url)}
        />
      </fieldset>
      <SelectField
        label="Style"
        value={String(s.style ?? 'primary')}
        options={['primary', 'secondary']}
        onChange={(v) => set('settings', 'style', v)}
      />
      <SelectField
        label="Size"
        value={String(s.size ?? 'medium')}
        options={['medium', 'large']}
        onChange={(v) => set('settings', 'size', v)}
      />
      <CheckField
        label="Open in a new window"
        checked={s.newWindow === true}
        onChange={(v) => set('settings', 'newWindow', v)}
      />
    </>
  );
}
