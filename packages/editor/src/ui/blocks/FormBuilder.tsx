import { FORM_FIELD_TYPES, type FormFieldType } from '@tessera/core';
import {
  FORM_FIELD_TYPE_LABELS,
  type FormBlockForm,
  formBuilderProblems,
  formFieldRules,
  newFormField,
  readFormBlock,
} from '@tessera/core/editor';
import { useState } from 'react';
import { type BlockFormProps, blockEdits, ItemTools, TextField } from './common.js';
import { FieldEditor } from './FieldEditor.js';

/**
 * The form block's builder: the form's name, button and thank-you text, and its fields (add,
 * remove, reorder; each with the properties its type may edit). Stored as `content.form`, with
 * `content.formId` naming the form its submissions belong to (`form-<block id>` unless set).
 */
export function FormBuilder(props: BlockFormProps) {
  const { setMany } = blockEdits(props);
  const { block } = props;
  const form = readFormBlock(block.content);
  const problems = formBuilderProblems(form);
  const [newType, setNewType] = useState<FormFieldType>('text');
  const formId =
    typeof block.content.formId === 'string' && block.content.formId ? block.content.formId : `form-${block.id}`;
  const write = (next: FormBlockForm, coalesce?: string) =>
    setMany(
      [
        ['content', 'formId', formId],
        ['content', 'form', next],
      ],
      coalesce,
    );
  const text = (key: 'name' | 'submitButtonText' | 'submissionMessage', label: string, multiline = false) => (
    <TextField
      label={label}
      multiline={multiline}
      value={form[key]}
      error={key === 'name' ? problems.form : undefined}
      onChange={(v) => write({ ...form, [key]: v }, `form.${key}`)}
    />
  );
  const fields = form.fields;
  return (
    <>
      {text('name', 'Form name')}
      {text('submitButtonText', 'Button text')}
      {text('submissionMessage', 'Message after sending', true)}
      <h3>Fields</h3>
      <ol className="ed-items">
        {fields.map((field, i) => {
          const name = `Field ${i + 1}`;
          return (
            <li key={field.id} className="ed-item">
              <details open>
                <summary>
                  {name}: {field.title || FORM_FIELD_TYPE_LABELS[field.type]} ({FORM_FIELD_TYPE_LABELS[field.type]})
                </summary>
                <FieldEditor
                  field={field}
                  name={name}
                  problem={problems[i]}
                  onChange={(next, what) =>
                    write(
                      { ...form, fields: fields.map((f, j) => (j === i ? next : f)) },
                      what === 'type' ? undefined : `form.fields.${field.id}.${what}`,
                    )
                  }
                />
              </details>
              <ItemTools
                name={name}
                index={i}
                count={fields.length}
                canRemove={formFieldRules.canRemove(fields)}
                onMove={(to) => write({ ...form, fields: formFieldRules.move(fields, i, to) })}
                onRemove={() => write({ ...form, fields: formFieldRules.remove(fields, i) })}
              />
            </li>
          );
        })}
      </ol>
      <div className="ed-form-row">
        <label>
          New field type
          <select value={newType} onChange={(e) => setNewType(e.target.value as FormFieldType)}>
            {FORM_FIELD_TYPES.map((t) => (
              <option key={t} value={t}>
                {FORM_FIELD_TYPE_LABELS[t]}
              </option>
            ))}
          </select>
        </label>
        <button
          type="button"
          disabled={!formFieldRules.canAdd(fields)}
          onClick={() => write({ ...form, fields: [...fields, newFormField(newType, fields)] })}
        >
          Add field
        </button>
      </div>
    </>
  );
}
