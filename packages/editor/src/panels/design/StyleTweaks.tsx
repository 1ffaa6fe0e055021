import { ANIMATION_DEFAULTS, ANIMATION_STYLES, BUTTON_SHAPES, BUTTON_SIZES, BUTTON_STYLES } from '@tessera/core';
import { useEffect, useState } from 'react';
import { readWholeNumber, setAnimations, setButtons } from './draft.js';
import type { Design } from '@tessera/core/contracts/design';

type Edit = (change: (design: Design) => Design, path: string) => void;

const WORDS: Record<string, string> = {
  square: 'Square',
  rounded: 'Rounded',
  pill: 'Pill',
  small: 'Small',
  medium: 'Medium',
  large: 'Large',
  solid: 'Solid',
  outline: 'Outline',
  none: 'None',
  fade: 'Fade in',
  slide: 'Slide in',
  scale: 'Grow in',
};

function Choices<T extends string>(props: {
  legend: string;
  name: string;
  options: readonly T[];
  value: T;
  onChange: (value: T) => void;
}) {
  return (
    <fieldset className="ds-fieldset ds-row">
      <legend>{props.legend}</legend>
      {props.options.map((option) => (
        <label key={option} className="ds-choice">
          <input
            type="radio"
            name={props.name}
            checked={props.value === option}
            onChange={() => props.onChange(option)}
          />
          {WORDS[option] ?? option}
        </label>
      ))}
    </fieldset>
  );
}

/** Buttons: shape, size and style, published as the theme's button variables. */
export function ButtonsTweak(props: { draft: Design; edit: Edit }) {
  const { buttons } = props.draft;
  return (
    <div className="ds-stack">
      <Choices
        legend="Shape"
        name="ds-button-shape"
        options={BUTTON_SHAPES}
        value={buttons.shape}
        onChange={(shape) => props.edit((d) => setButtons(d, { shape }), 'buttons.shape')}
      />
      <Choices
        legend="Size"
        name="ds-button-size"
        options={BUTTON_SIZES}
        value={buttons.size}
        onChange={(size) => props.edit((d) => setButtons(d, { size }), 'buttons.size')}
      />
      <Choices
        legend="Style"
        name="ds-button-style"
        options={BUTTON_STYLES}
        value={buttons.style}
        onChange={(style) => props.edit((d) => setButtons(d, { style }), 'buttons.style')}
      />
      <p className="ed-hint">The preview shows the site’s buttons with these choices.</p>
    </div>
  );
}

/** A whole number typed in, taken when it is within bounds; a field message otherwise. */
function NumberField(props: {
  id: string;
  label: string;
  hint: string;
  value: number;
  min: number;
  max: number;
  onChange: (value: number) => void;
}) {
  const [text, setText] = useState(String(props.value));
  const [error, setError] = useState('');
  useEffect(() => {
    setText(String(props.value));
    setError('');
  }, [props.value]);
  return (
    <div className="ed-form-row">
      <label htmlFor={props.id}>{props.label}</label>
      <input
        id={props.id}
        type="number"
        inputMode="numeric"
        min={props.min}
        max={props.max}
        value={text}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${props.id}-hint${error ? ` ${props.id}-error` : ''}`}
        onChange={(event) => {
          setText(event.target.value);
          const read = readWholeNumber(event.target.value, props.min, props.max);
          setError(read.ok ? '' : read.error);
          if (read.ok && read.value !== props.value) props.onChange(read.value);
        }}
      />
      <span id={`${props.id}-hint`} className="ed-hint">
        {props.hint}
      </span>
      {error && (
        <span id={`${props.id}-error`} className="ed-field-error">
          {error}
        </span>
      )}
    </div>
  );
}

/** Animations: the style of scroll animations, how far into view they start and how long they take. */
export function AnimationsTweak(props: { draft: Design; edit: Edit }) {
  const { animations } = props.draft;
  return (
    <div className="ds-stack">
      <Choices
        legend="Animation style"
        name="ds-animation-style"
        options={ANIMATION_STYLES}
        value={animations.style}
        onChange={(style) => props.edit((d) => setAnimations(d, { style }), 'animations.style')}
      />
      <NumberField
        id="ds-scroll-offset"
        label="Scroll offset (%)"
        hint={`How far into the window a block comes before it animates; ${ANIMATION_DEFAULTS.scrollOffset} by default.`}
        value={animations.scrollOffset}
        min={0}
        max={100}
        onChange={(scrollOffset) => props.edit((d) => setAnimations(d, { scrollOffset }), 'animations.scrollOffset')}
      />
      <NumberField
        id="ds-tween"
        label="Duration (ms)"
        hint={`How long an animation takes; ${ANIMATION_DEFAULTS.tweenMs} ms by default.`}
        value={animations.tweenMs}
        min={0}
        max={5000}
        onChange={(tweenMs) => props.edit((d) => setAnimations(d, { tweenMs }), 'animations.tweenMs')}
      />
      <button
        type="button"
        onClick={() => props.edit((d) => setAnimations(d, { ...ANIMATION_DEFAULTS }), 'animations')}
        disabled={
          animations.scrollOffset === ANIMATION_DEFAULTS.scrollOffset &&
          animations.tweenMs === ANIMATION_DEFAULTS.tweenMs
        }
      >
        Use the default offset and duration
      </button>
    </div>
  );
}
