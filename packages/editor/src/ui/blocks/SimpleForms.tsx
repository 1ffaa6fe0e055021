import { BLOCK_RANGES, clampSetting, SUMMARY_VARIANTS } from '@tessera/core/editor';
import { useState } from 'react';
import { type BlockFormProps, blockEdits, RangeField, SelectField, TextField, useDraftText } from './common.js';

/** Collections whose items a summary can list (blog posts, events, gallery entries, products). */
const SUMMARY_KINDS = ['blog', 'events', 'gallery', 'products'];

const str = (value: unknown, fallback = '') => (typeof value === 'string' ? value : fallback);
const numberIn = (value: unknown, range: { default: number; min: number; max: number }) =>
  typeof value === 'number' && Number.isFinite(value) ? Math.min(Math.max(value, range.min), range.max) : range.default;

/** Spacer: `settings.height` in pixels, 0–400 as the runtime clamps it. */
export function SpacerForm(props: BlockFormProps) {
  const { set } = blockEdits(props);
  const range = BLOCK_RANGES.spacerHeight;
  return (
    <RangeField
      label="Height"
      unit=" px"
      value={numberIn(props.block.settings.height, range)}
      min={range.min}
      max={range.max}
      onChange={(v) => set('settings', 'height', v)}
    />
  );
}

/**
 * Summary: a collection's newest items (`content.collection` by slug, `content.limit` 1–24,
 * `content.title`) in one of four layouts (the block's variant).
 */
export function SummaryForm(props: BlockFormProps) {
  const { set, variant } = blockEdits(props);
  const { block, pages } = props;
  const c = block.content;
  const collections = pages.filter((p) => SUMMARY_KINDS.includes(p.kind));
  const current = str(c.collection);
  const range = BLOCK_RANGES.summaryLimit;
  const options = [
    ...(collections.some((p) => p.slug === current) || !current ? [] : [{ value: current, label: current }]),
    ...collections.map((p) => ({ value: p.slug, label: p.title })),
  ];
  return (
    <>
      <SelectField
        label="Collection"
        value={current}
        options={[{ value: '', label: 'Choose a collection…' }, ...options]}
        onChange={(v) => set('content', 'collection', v, false)}
      />
      <TextField label="Title" value={str(c.title)} onChange={(v) => set('content', 'title', v)} />
      <RangeField
        label="Items shown"
        value={numberIn(c.limit, range)}
        min={range.min}
        max={range.max}
        onChange={(v) => set('content', 'limit', v)}
      />
      <SelectField
        label="Layout"
        value={SUMMARY_VARIANTS.includes(block.variant as never) ? String(block.variant) : 'grid'}
        options={SUMMARY_VARIANTS}
        onChange={(v) => variant(v)}
      />
      <p className="ed-hint">The preview shows where the summary goes; visitors see the collection’s items.</p>
    </>
  );
}

/**
 * Map: the runtime draws a still picture with the place's name and address lines and links to
 * OpenStreetMap: at the point (`lat`, `lng`, `settings.zoom`) when both are set, else a search for
 * the name and address. No outside map is loaded.
 */
export function MapForm(props: BlockFormProps) {
  const { set } = blockEdits(props);
  const c = props.block.content;
  const zoom = BLOCK_RANGES.mapZoom;
  return (
    <>
      <TextField label="Place name" value={str(c.name)} onChange={(v) => set('content', 'name', v)} />
      <TextField
        label="Address line 1"
        value={str(c.addressLine1)}
        onChange={(v) => set('content', 'addressLine1', v)}
      />
      <TextField
        label="Address line 2"
        value={str(c.addressLine2)}
        onChange={(v) => set('content', 'addressLine2', v)}
      />
      <TextField label="Country" value={str(c.addressCountry)} onChange={(v) => set('content', 'addressCountry', v)} />
      <fieldset>
        <legend>Point on the map (optional)</legend>
        <CoordinateField label="Latitude" area="lat" range={BLOCK_RANGES.latitude} {...props} />
        <CoordinateField label="Longitude" area="lng" range={BLOCK_RANGES.longitude} {...props} />
        <RangeField
          label="Zoom"
          value={numberIn(props.block.settings.zoom, zoom)}
          min={zoom.min}
          max={zoom.max}
          onChange={(v) => set('settings', 'zoom', v)}
        />
      </fieldset>
    </>
  );
}

function CoordinateField({
  label,
  area,
  range,
  ...props
}: BlockFormProps & { label: string; area: 'lat' | 'lng'; range: { min: number; max: number } }) {
  const { set } = blockEdits(props);
  const stored = props.block.content[area];
  const [text, setText, wrote] = useDraftText(typeof stored === 'number' ? String(stored) : '');
  const [error, setError] = useState('');
  return (
    <TextField
      label={label}
      value={text}
      error={error}
      hint={`A number from ${range.min} to ${range.max}; leave empty to find the place by its address.`}
      onChange={(v) => {
        setText(v);
        if (v.trim() === '') {
          setError('');
          wrote('');
          set('content', area, null);
          return;
        }
        const value = clampSetting(v, range);
        if (value === undefined || value !== Number(v)) {
          setError(`${label} must be a number from ${range.min} to ${range.max}.`);
          return;
        }
        setError('');
        wrote(String(value));
        set('content', area, value);
      }}
    />
  );
}
