// @tessera/core/editor — rules only the owner's editor uses (block forms, charts, video links, the
// design tweak lifecycle), kept out of `@tessera/core` so the visitor render path never loads them.
// Every public name is listed on purpose.

export {
  BLOCK_RANGES,
  clampSetting,
  NEWSLETTER_MESSAGES,
  newsletterFormFor,
  newsletterListOf,
  newsletterProblem,
  SUMMARY_VARIANTS,
} from './block-fields.js';
export {
  ACCORDION_LIMITS,
  type AccordionItem,
  accordionItems,
  accordionProblem,
  accordionRules,
  listRules,
  MARQUEE_LIMITS,
  marqueeItems,
  marqueeRules,
  moveItem,
  NEW_ACCORDION_ITEM,
} from './block-items.js';
export {
  CHART_LIMITS,
  CHART_MESSAGES,
  CHART_VARIANTS,
  type ChartDataset,
  type ChartVariant,
  type DatasetDraft,
  datasetFromDraft,
  type DatasetResult,
  datasetToText,
  draftEdits,
  draftFromDataset,
  draftFromText,
  parseCell,
  readDataset,
  SAMPLE_DATASET,
  truncateDraft,
} from './chart-data.js';
export {
  type ChartView,
  chartView,
} from './chart-view.js';
export {
  builderProperties,
  changeFieldType,
  DEFAULT_FORM_BLOCK,
  FORM_BUILDER_LIMITS,
  FORM_FIELD_TYPE_LABELS,
  type FormBlockForm,
  formBuilderProblems,
  formFieldRules,
  newFormField,
  optionsFromText,
  readFormBlock,
} from './form-builder.js';
export {
  createTweakLifecycle,
  nextTweakState,
  type TweakEventDetail,
  type TweakLifecycle,
  type TweakListener,
  type TweakResult,
  type TweakState,
} from './tweak-lifecycle.js';
export {
  checkVideoUrl,
  VIDEO_MESSAGES,
  type VideoUrlResult,
} from './video-url.js';
