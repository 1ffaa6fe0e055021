import type { AreasListing } from '@tessera/core/contracts/member-areas';
import { useResource } from '../../panels/shared/resource.js';
import { type BlockFormProps, blockEdits, SelectField, TextField } from './common.js';

const str = (value: unknown) => (typeof value === 'string' ? value : '');

/**
 * Member area (67): `content.areaId`, `content.title`, `content.text`, `content.buttonLabel`. The
 * button leads visitors to the area's page with its plans and join buttons; areas and plans are
 * made in the Member areas panel.
 */
export function MemberAreaForm(props: BlockFormProps) {
  const { set } = blockEdits(props);
  const c = props.block.content;
  const listing = useResource<AreasListing>('/api/config/member-areas');
  const current = str(c.areaId);
  const areas = listing.data?.areas ?? [];
  const options = [
    { value: '', label: listing.loading ? 'Loading member areas…' : 'Choose a member area…' },
    ...(current && !areas.some((a) => a.id === current) ? [{ value: current, label: current }] : []),
    ...areas.map((a) => ({ value: a.id, label: a.title })),
  ];
  return (
    <>
      {listing.error ? (
        <TextField
          label="Member area id"
          value={current}
          hint={`The member areas could not be read (${listing.error}).`}
          onChange={(v) => set('content', 'areaId', v.trim())}
        />
      ) : (
        <SelectField
          label="Member area"
          value={current}
          options={options}
          onChange={(v) => set('content', 'areaId', v, false)}
        />
      )}
      <TextField label="Title" value={str(c.title)} onChange={(v) => set('content', 'title', v)} />
      <TextField label="Text" multiline rows={3} value={str(c.text)} onChange={(v) => set('content', 'text', v)} />
      <TextField
        label="Button label"
        value={str(c.buttonLabel)}
        hint="“See the plans” when left empty."
        onChange={(v) => set('content', 'buttonLabel', v)}
      />
      {current ? null : <p className="ed-hint">Visitors see this block once it names a member area.</p>}
    </>
  );
}
