import { BlockType } from '@tessera/core';
import { lazy, Suspense } from 'react';
import { AccordionForm, MarqueeForm } from './ListForms.js';
import { ArchiveForm, PostsByForm, RssForm, TagCloudForm } from './BlogForms.js';
import { AlbumForm } from './AlbumForm.js';
import { ButtonForm } from './ButtonForm.js';
import type { BlockFormProps } from './common.js';
import { DonationForm } from './DonationForm.js';
import { GalleryForm } from './GalleryForm.js';
import { ImageForm } from './ImageForm.js';
import { JsonForm } from './JsonForm.js';
import { LinkForm, SocialLinksForm } from './LinkForms.js';
import { MemberAreaForm } from './MemberAreaForm.js';
import { NewsletterForm } from './NewsletterForm.js';
import { ProductForm } from './ProductForm.js';
import { MapForm, SpacerForm, SummaryForm } from './SimpleForms.js';
import { CodeForm, HeadingForm, MarkdownForm, QuoteForm, TextForm } from './TextForms.js';
import { TourDatesForm } from './TourDatesForm.js';
import { VideoForm } from './VideoForm.js';
import './blocks.css';

// The chart's dataset editor and the form builder are larger and rarer: their own chunks.
const ChartForm = lazy(() => import('./ChartForm.js'));
const FormBuilder = lazy(() => import('./FormBuilder.js').then((m) => ({ default: m.FormBuilder })));

const FORMS: Readonly<Partial<Record<number, (props: BlockFormProps) => React.ReactNode>>> = {
  [BlockType.HTML]: TextForm,
  [BlockType.MARKDOWN]: MarkdownForm,
  [BlockType.CODE]: CodeForm,
  [BlockType.QUOTE]: QuoteForm,
  [BlockType.SPACER]: SpacerForm,
  [BlockType.BUTTON]: ButtonForm,
  [BlockType.IMAGE]: ImageForm,
  [BlockType.GALLERY]: GalleryForm,
  [BlockType.VIDEO]: VideoForm,
  [BlockType.SUMMARY]: SummaryForm,
  [BlockType.SUMMARY_V2]: SummaryForm,
  [BlockType.ACCORDION]: AccordionForm,
  [BlockType.MARQUEE]: MarqueeForm,
  [BlockType.MAP]: MapForm,
  [BlockType.NEWSLETTER]: NewsletterForm,
  [BlockType.DONATION]: DonationForm,
  [BlockType.LINK]: LinkForm,
  [BlockType.SOCIAL_LINKS]: SocialLinksForm,
  [BlockType.SOCIAL_ACCOUNT_LINKS]: SocialLinksForm,
  [BlockType.SOCIAL_ACCOUNT_LINKS_V2]: SocialLinksForm,
  [BlockType.ALBUM]: AlbumForm,
  [BlockType.TOUR_DATES]: TourDatesForm,
  [BlockType.PRODUCT]: ProductForm,
  [BlockType.ARCHIVE]: ArchiveForm,
  [BlockType.TAG_CLOUD]: TagCloudForm,
  [BlockType.POSTS_BY_AUTHOR]: PostsByForm,
  [BlockType.POSTS_BY_TAG]: PostsByForm,
  [BlockType.POSTS_BY_CATEGORY]: PostsByForm,
  [BlockType.POSTS_BY_MONTH]: PostsByForm,
  [BlockType.RSS]: RssForm,
  [BlockType.MEMBER_AREA]: MemberAreaForm,
  [BlockType.CHART]: (props) => (
    <Suspense fallback={<p className="ed-hint">Loading the chart editor…</p>}>
      <ChartForm {...props} />
    </Suspense>
  ),
  [BlockType.FORM]: (props) => (
    <Suspense fallback={<p className="ed-hint">Loading the form builder…</p>}>
      <FormBuilder {...props} />
    </Suspense>
  ),
};

/** The settings form of one block: its own form when it has one, else its JSON. */
export function BlockSettings(props: BlockFormProps) {
  if (props.block.type === BlockType.HTML && props.block.variant === 'heading') return <HeadingForm {...props} />;
  const Form = FORMS[props.block.type] ?? JsonForm;
  return <Form {...props} />;
}
