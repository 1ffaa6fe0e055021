/**
 * One answered form field as shown in order summaries: "<b>Title:</b> value",
 * with multi-part fields (SPEC §3 form summary field parts) laid out per type
 * and 'N/A' for no answer.
 */
import type { RenderContext } from '../plugin.js';
import { asString, field, isObject, isTruthy } from '../values/json.js';
import { lookup } from './scope.js';

export const NO_ANSWER_TEXT = 'N/A';

/** SPEC §9 likert labels for answers -2 … 2. */
const LIKERT_ANSWERS: readonly (readonly [string, string, string])[] = [
  ['-2', 'productAnswerMapStronglyDisagree', 'Strongly Disagree'],
  ['-1', 'productAnswerMapDisagree', 'Disagree'],
  ['0', 'productAnswerMapNeutral', 'Neutral'],
  ['1', 'productAnswerMapAgree', 'Agree'],
  ['2', 'productAnswerMapStronglyAgree', 'Strongly Agree'],
];

type PartRenderer = (values: unknown, field: unknown, ctx: RenderContext) => string;

const part = (values: unknown, name: string) => asString(field(values, name));
const partOr = (values: unknown, name: string, fallback: string) =>
  isTruthy(field(values, name)) ? part(values, name) : fallback;

const RENDERERS: Readonly<Record<string, PartRenderer>> = {
  address(values) {
    let out = `<div style="padding-left:5px;">\n  <div>${part(values, 'Line1')}</div>`;
    if (isTruthy(field(values, 'Line2'))) out += `\n  <div>${part(values, 'Line2')}</div>`;
    out += `\n  <div>${part(values, 'City')}, ${part(values, 'State')} ${part(values, 'Zip')} ${part(values, 'Country')}</div>\n</div>`;
    return out;
  },
  checkbox(values, node) {
    if (isTruthy(values) && Array.isArray(values)) return `${values.map(asString).join(', ')}\n`;
    if (isTruthy(values)) return '\n';
    const value = field(node, 'value');
    return isTruthy(value) ? asString(value) : '';
  },
  date: (values) => `${part(values, 'Month')}/${part(values, 'Day')}/${part(values, 'Year')}`,
  likert(values, _node, ctx) {
    const strings = lookup(undefined, ctx, 'localizedStrings');
    const answers = new Map(
      LIKERT_ANSWERS.map(([code, key, fallback]) => {
        const text = field(strings, key);
        return [code, typeof text === 'string' ? text : fallback] as const;
      }),
    );
    const neutral = answers.get('0') ?? 'Neutral';
    let out = '<div style="padding-left:5px;">';
    for (const [question, code] of Object.entries(isObject(values) ? values : {})) {
      const answer = answers.get(asString(code)) || neutral;
      out += `\n  <div><span style="font-weight:bold;">${question}:</span> ${answer}</div>`;
    }
    return `${out}\n</div>`;
  },
  name: (values) => `${part(values, 'First')} ${part(values, 'Last')}`,
  phone(values) {
    const country = isTruthy(field(values, 'Country')) ? `+${part(values, 'Country')} ` : '';
    return `${country}${part(values, 'Areacode')}-${part(values, 'Prefix')}-${part(values, 'Line')}`;
  },
  time: (values) =>
    `${partOr(values, 'Hour', '00')}:${partOr(values, 'Minute', '00')}:${partOr(values, 'Second', '00')} ${part(values, 'Ampm')}`,
};

export function renderSummaryFormField(node: unknown, ctx: RenderContext): string {
  const renderer = RENDERERS[asString(field(node, 'type'))];
  const answer = renderer ? renderer(field(node, 'values'), node, ctx) : asString(field(node, 'value'));
  let out = '<div style="font-size:11px; margin-top:3px">\n';
  out += `  <span style="font-weight:bold;">${asString(field(node, 'rawTitle'))}:</span> `;
  if (answer !== '') {
    out += answer;
  } else {
    const noAnswer = asString(lookup(undefined, ctx, 'localizedStrings', 'productSummaryFormNoAnswerText')).trim();
    out += noAnswer || NO_ANSWER_TEXT;
  }
  out += '\n</div>';
  return out;
}
