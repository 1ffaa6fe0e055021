export type { CompileOptions, CompileResult, RenderOptions, RenderResult, Template } from './engine.js';
export { compile, render } from './engine.js';
export type {
  Formatter,
  FormatterTable,
  PartialOptions,
  Predicate,
  PredicateTable,
  RenderContext,
  TemplateError,
  TemplateErrorType,
  Variable,
} from './plugin.js';
export { nodePredicate, valueFormatter } from './plugin.js';
export type { ReferenceCode } from './reference-code.js';
export { toReferenceCode } from './reference-code.js';
export { DEFAULT_FORMATTERS, DEFAULT_PREDICATES } from './registry.js';
export { type CldrSource, type CldrSourceOptions, createCldrSource } from './runtime/cldr.js';
export type { Limits } from './runtime/limits.js';
export { DEFAULT_LIMITS } from './runtime/limits.js';
export { asBoolean, asNumber, asString, deepEquals, isTruthy, outputText } from './runtime/values.js';
