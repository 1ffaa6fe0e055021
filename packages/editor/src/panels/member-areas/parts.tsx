import type { AreasListing } from '@tessera/core/contracts/member-areas';

export const BASE = '/api/config/member-areas';

/** Checkboxes of the site's pages and collections. */
export function CollectionPicker(props: {
  collections: AreasListing['collections'];
  picked: string[];
  onChange: (ids: string[]) => void;
}) {
  return (
    <fieldset className="ed-member-areas__pages">
      <legend>Pages and collections in the area</legend>
      {props.collections.map((c) => (
        <label key={c.id}>
          <input
            type="checkbox"
            checked={props.picked.includes(c.id)}
            onChange={(e) =>
              props.onChange(e.target.checked ? [...props.picked, c.id] : props.picked.filter((id) => id !== c.id))
            }
          />
          {c.title} <span className="ed-hint">/{c.slug}</span>
        </label>
      ))}
    </fieldset>
  );
}
