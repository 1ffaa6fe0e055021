import { describe, expect, it } from 'vitest';
import { editableFieldProperties, FORM_FIELD_TYPES } from '../form/field-types.js';
import {
  builderProperties,
  changeFieldType,
  DEFAULT_FORM_BLOCK,
  FORM_FIELD_TYPE_LABELS,
  formBlockDefinition,
  formBuilderProblems,
  formFieldRules,
  newFormField,
  optionsFromText,
  readFormBlock,
} from './form-builder.js';

describe('form builder rules', () => {
  it('names every field type and offers SPEC’s editable properties for each', () => {
    expect(Object.keys(FORM_FIELD_TYPE_LABELS).sort()).toEqual([...FORM_FIELD_TYPES].sort());
    expect(builderProperties('currency')).toEqual(['description', 'currencySymbol', 'required']);
    expect(builderProperties('hidden')).toEqual(['key', 'value']);
    expect(builderProperties('textarea')).toEqual([...editableFieldProperties('textarea'), 'maxLength']);
    expect(builderProperties('likert')).toEqual(['description', 'options', 'required', 'questions']);
  });

  it('starts new fields with unique ids and their properties’ starting values', () => {
    const first = newFormField('radio', []);
    expect(first).toEqual({ id: 'radio', type: 'radio', title: 'Radio', options: ['Option 1', 'Option 2'] });
    expect(newFormField('radio', [first]).id).toBe('radio-2');
    expect(newFormField('textarea', [{ ...first, id: 'text-area' }]).id).toBe('text-area-2');
    expect(newFormField('hidden', [])).toEqual({
      id: 'hidden',
      type: 'hidden',
      title: 'Hidden',
      key: 'source',
      value: '',
    });
  });

  it('keeps shared properties and drops the others when a field changes type', () => {
    const field = { id: 'q', type: 'text' as const, title: 'Question', placeholder: 'Ask', required: true };
    expect(changeFieldType(field, 'select')).toEqual({
      id: 'q',
      type: 'select',
      title: 'Question',
      required: true,
      options: ['Option 1', 'Option 2'],
    });
    expect(changeFieldType(field, 'hidden')).toEqual({
      id: 'q',
      type: 'hidden',
      title: 'Question',
      key: 'source',
      value: '',
    });
  });

  it('reads a block’s form with defaults and leaves out unknown fields', () => {
    expect(readFormBlock({ formId: '' })).toEqual(DEFAULT_FORM_BLOCK);
    expect(
      readFormBlock({
        form: {
          name: 'Ask',
          fields: [
            { id: 'a', type: 'email', title: 'Mail' },
            { id: 'b', type: 'x' },
          ],
        },
      }),
    ).toEqual({
      name: 'Ask',
      submitButtonText: 'Submit',
      submissionMessage: 'Thank you!',
      fields: [{ id: 'a', type: 'email', title: 'Mail' }],
    });
  });

  it('says what keeps a form from working', () => {
    const form = {
      ...readFormBlock({}),
      name: ' ',
      fields: [
        { id: 'a', type: 'text' as const, title: '' },
        { id: 'b', type: 'select' as const, title: 'Size', options: [' '] },
        { id: 'c', type: 'likert' as const, title: 'Rate', questions: [] },
        { id: 'd', type: 'hidden' as const, title: '', key: '' },
        { id: 'e', type: 'email' as const, title: 'Email' },
      ],
    };
    expect(formBuilderProblems(form)).toEqual({
      form: 'Please give the form a name.',
      0: 'Every field needs a title.',
      1: 'Size needs at least one option.',
      2: 'Rate needs at least one question.',
      3: 'A hidden field needs a key.',
    });
    expect(formBuilderProblems(DEFAULT_FORM_BLOCK as never)).toEqual({});
  });

  it('reads options one a line and keeps at least one field', () => {
    expect(optionsFromText(' Small\n\nLarge\nSmall\r\nMedium ')).toEqual(['Small', 'Large', 'Medium']);
    const one = [newFormField('text', [])];
    expect(formFieldRules.remove(one, 0)).toEqual(one);
    expect(formFieldRules.add(one)).toHaveLength(2);
  });

  it('gives the runtime a form definition', () => {
    const definition = formBlockDefinition({ formId: 'form-b1', form: { name: 'Ask us' } }, 'fallback');
    expect(definition).toMatchObject({ id: 'form-b1', name: 'Ask us', kind: 'contact', captcha: { enabled: false } });
    expect(definition.fields).toEqual([]);
    expect(formBlockDefinition({}, 'form-x')).toMatchObject({ id: 'form-x', fields: DEFAULT_FORM_BLOCK.fields });
  });
});
