import { FORM_FIELD_TYPES, type FormFieldDefinition, type FormFieldType } from '@tessera/core';
import { builderProperties, changeFieldType, FORM_FIELD_TYPE_LABELS, optionsFromText } from '@tessera/core/editor';
import { CheckField, SelectField, TextField, useDraftText } from './common.js';

const TYPE_OPTIONS = FORM_FIELD_TYPES.map((t) => ({ value: t, label: FORM_FIELD_TYPE_LABELS[t] }));

interface FieldEditorProps {
  field: FormFieldDefinition;
  name: string;
  problem?: string;
  onChange: (field: FormFieldDefinition, what: string) => void;
}

/** One field of the form builder: its title, type and the properties SPEC §3 lets its type edit. */
export function FieldEditor({ field, name, problem, onChange }: FieldEditorProps) {
  const props = builderProperties(field.type);
  const set = (key: keyof FormFieldDefinition, value: unknown) =>
    onChange({ ...field, [key]: value } as FormFieldDefinition, key);
  return (
    <>
      <TextField label={`${name} title`} value={field.title} onChange={(v) => set('title', v)} error={problem} />
      <SelectField
        label={`${name} type`}
        value={field.type}
        options={TYPE_OPTIONS}
        onChange={(v) => onChange(changeFieldType(field, v as FormFieldType), 'type')}
      />
      {props.includes('description') && (
        <TextField
          label={`${name} description`}
          value={field.description ?? ''}
          onChange={(v) => set('description', v)}
        />
      )}
      {props.includes('placeholder') && (
        <TextField
          label={`${name} placeholder`}
          value={field.placeholder ?? ''}
          onChange={(v) => set('placeholder', v)}
        />
      )}
      {props.includes('currencySymbol') && (
        <TextField
          label={`${name} currency symbol`}
          value={field.currencySymbol ?? ''}
          onChange={(v) => set('currencySymbol', v.slice(0, 4))}
        />
      )}
      {props.includes('options') && (
        <LinesField
          label={field.type === 'likert' ? `${name} answers` : `${name} options`}
          hint={
            field.type === 'likert'
              ? 'One a line; leave empty for Strongly Disagree through Strongly Agree.'
              : 'One a line.'
          }
          lines={field.options ?? []}
          onChange={(v) => set('options', v)}
        />
      )}
      {props.includes('questions') && (
        <LinesField
          label={`${name} questions`}
          hint="The statements visitors rate, one a line."
          lines={field.questions ?? []}
          onChange={(v) => set('questions', v)}
        />
      )}
      {props.includes('maxLength') && (
        <TextField
          label={`${name} character limit`}
          type="number"
          hint="Leave empty for no limit."
          value={typeof field.maxLength === 'number' ? String(field.maxLength) : ''}
          onChange={(v) => {
            const n = Number.parseInt(v, 10);
            set('maxLength', Number.isFinite(n) && n > 0 ? Math.min(n, 10_000) : null);
          }}
        />
      )}
      {props.includes('key') && (
        <TextField
          label={`${name} key`}
          hint="The address's query parameter that fills this field."
          value={field.key ?? ''}
          onChange={(v) => set('key', v.replace(/\s+/g, ''))}
        />
      )}
      {props.includes('value') && (
        <TextField label={`${name} value`} value={field.value ?? ''} onChange={(v) => set('value', v)} />
      )}
      {props.includes('showCountryCode') && (
        <CheckField
          label={`${name}: show the country code`}
          checked={field.showCountryCode === true}
          onChange={(v) => set('showCountryCode', v)}
        />
      )}
      {props.includes('underline') && (
        <CheckField
          label={`${name}: underline the heading`}
          checked={field.underline === true}
          onChange={(v) => set('underline', v)}
        />
      )}
      {props.includes('required') && (
        <CheckField
          label={`${name} is required`}
          checked={field.required === true}
          onChange={(v) => set('required', v)}
        />
      )}
    </>
  );
}

/** A list typed one entry a line; blank lines and repeats are left out of what is stored. */
function LinesField({
  label,
  hint,
  lines,
  onChange,
}: {
  label: string;
  hint: string;
  lines: readonly string[];
  onChange: (lines: string[]) => void;
}) {
  const [text, setText, wrote] = useDraftText(lines.join('\n'));
  return (
    <TextField
      label={label}
      hint={hint}
      multiline
      rows={4}
      value={text}
      onChange={(v) => {
        setText(v);
        const next = optionsFromText(v);
        wrote(next.join('\n'));
        onChange(next);
      }}
    />
  );
}
