import { SITE_ADMIN_MESSAGES } from '@tessera/core';
import { type Choice, SelectField } from './fields.js';

/** Time zones grouped by region ("Europe", "America"…), each shown with its current UTC offset. */
export function timeZoneChoices(zones: readonly string[], now: Date): Choice[] {
  return zones.map((zone) => {
    const slash = zone.indexOf('/');
    const group = slash > 0 ? zone.slice(0, slash) : 'Other';
    return { value: zone, label: `${zone.replace(/_/g, ' ')} (${offsetOf(zone, now)})`, group };
  });
}

function offsetOf(zone: string, now: Date): string {
  try {
    const part = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'shortOffset' })
      .formatToParts(now)
      .find((p) => p.type === 'timeZoneName');
    return part?.value ?? zone;
  } catch {
    return 'UTC';
  }
}

/**
 * The time zone select. When the list of zones cannot be loaded it says so with the SPEC §8
 * message for the site's zone and offers Retry.
 */
export function TimeZonePicker(props: {
  value: string;
  zones: readonly string[] | undefined;
  loadFailed: boolean;
  loading: boolean;
  onRetry: () => void;
  onChange: (zone: string) => void;
  error?: string;
}) {
  if (props.loadFailed && !props.zones) {
    return (
      <div className="ed-form-row">
        <span>Time zone</span>
        <p role="alert" className="ed-field-error">
          {SITE_ADMIN_MESSAGES.timeZone(props.value)}
        </p>
        <span>
          <button type="button" onClick={props.onRetry} disabled={props.loading}>
            {props.loading ? 'Retrying…' : 'Retry'}
          </button>
        </span>
      </div>
    );
  }
  const zones = props.zones ?? [props.value];
  const choices = timeZoneChoices(zones.includes(props.value) ? zones : [props.value, ...zones], new Date());
  return (
    <SelectField
      id="st-timezone"
      label="Time zone"
      value={props.value}
      choices={choices}
      onChange={props.onChange}
      error={props.error}
      disabled={!props.zones}
      hint="Dates on the site (blog posts, events, orders) are shown in this zone."
    />
  );
}
