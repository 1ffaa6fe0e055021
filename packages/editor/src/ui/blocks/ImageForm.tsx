import { type BlockFormProps, blockEdits, IMAGE_FILE, SelectField, TextField } from './common.js';

const IMAGE_VARIANTS = ['inline', 'poster', 'card', 'overlap', 'collage', 'stack'];

export function ImageForm(props: BlockFormProps) {
  const { block, section, index, apply, files } = props;
  const edits = blockEdits(props);
  const image = (block.content.image ?? {}) as Record<string, unknown>;
  const focal = (image.mediaFocalPoint ?? { x: 0.5, y: 0.5 }) as { x: number; y: number };
  const setImage = (patch: Record<string, unknown>, key: string) =>
    apply(
      'Edited Image',
      [{ op: 'setBlockField', section, index, area: 'content', key: 'image', value: { ...image, ...patch } }],
      undefined,
      `${block.id}:image.${key}`,
    );
  return (
    <>
      <SelectField
        label="Layout"
        value={block.variant ?? 'inline'}
        options={IMAGE_VARIANTS}
        onChange={(v) => apply('Changed image layout', [{ op: 'setBlockVariant', section, index, variant: v }])}
      />
      <label>
        Image file
        <select
          value={String(image.assetUrl ?? '')}
          onChange={(e) => setImage({ assetUrl: e.target.value }, 'assetUrl')}
        >
          <option value={String(image.assetUrl ?? '')}>{String(image.assetUrl ?? 'None')}</option>
          {files
            .filter((f) => IMAGE_FILE.test(f.name) && f.url !== image.assetUrl)
            .map((f) => (
              <option key={f.name} value={f.url}>
                {f.name}
              </option>
            ))}
        </select>
      </label>
      <label>
        Alt text
        <input
          type="text"
          value={String(image.altText ?? '')}
          onChange={(e) => setImage({ altText: e.target.value }, 'altText')}
        />
      </label>
      <fieldset>
        <legend>Focal point</legend>
        <button
          type="button"
          className="ed-focal"
          aria-label={`Focal point ${Math.round(focal.x * 100)}% ${Math.round(focal.y * 100)}%: click the picture to move it`}
          style={{ backgroundImage: image.assetUrl ? `url("${String(image.assetUrl)}")` : undefined }}
          onClick={(e) => {
            const rect = e.currentTarget.getBoundingClientRect();
            const x = Math.round(((e.clientX - rect.left) / rect.width) * 100) / 100;
            const y = Math.round(((e.clientY - rect.top) / rect.height) * 100) / 100;
            setImage({ mediaFocalPoint: { x: Math.min(1, Math.max(0, x)), y: Math.min(1, Math.max(0, y)) } }, 'focal');
          }}
        >
          <span className="ed-focal__dot" style={{ left: `${focal.x * 100}%`, top: `${focal.y * 100}%` }} />
        </button>
        {(['x', 'y'] as const).map((axis) => (
          <label key={axis}>
            {axis === 'x' ? 'Horizontal' : 'Vertical'} ({Math.round(focal[axis] * 100)}%)
            <input
              type="range"
              min={0}
              max={100}
              value={Math.round(focal[axis] * 100)}
              onChange={(e) =>
                setImage({ mediaFocalPoint: { ...focal, [axis]: Number(e.target.value) / 100 } }, 'focal')
              }
            />
          </label>
        ))}
      </fieldset>
      <TextField
        label="Caption"
        value={String(block.content.caption ?? '')}
        onChange={(v) => edits.set('content', 'caption', v)}
      />
    </>
  );
}
