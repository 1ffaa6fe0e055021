export type {
  Formatter,
  FormatterTable,
  Predicate,
  PredicateTable,
  RenderContext,
  TemplateError,
  TemplateErrorType,
  Variable,
} from './plugin.js';
export { nodePredicate, valueFormatter } from './plugin.js';
