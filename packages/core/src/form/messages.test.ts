import { describe, expect, it } from 'vitest';
import { FORM_MESSAGES, formFailure, formStatusMessage } from './messages.js';

describe('FORM_MESSAGES', () => {
  it('holds SPEC strings verbatim', () => {
    expect(FORM_MESSAGES.required).toBe('Required');
    expect(FORM_MESSAGES.tooLong).toBe('You have exceeded the character limit.');
    expect(FORM_MESSAGES.submitting).toBe('Submitting…');
    expect(FORM_MESSAGES.processingError).toBe('Error processing form submission. Please reload and try again.');
    expect(FORM_MESSAGES.noSubmissionKey).toBe('Could not get a form submission key, please try again later.');
    expect(FORM_MESSAGES.unparsableFields).toBe('Could not parse the form fields, please check your entries.');
    expect(FORM_MESSAGES.invalidFields).toBe('One or more fields is invalid, please check your entries.');
    expect(FORM_MESSAGES.problemScrollDown).toBe('Your form has encountered a problem. Please scroll down to review');
    expect(FORM_MESSAGES.problemScrollUp).toBe('Your form has encountered a problem. Please scroll up to review');
  });

  it('maps statuses to their message', () => {
    expect(formStatusMessage(401)).toBe('Unable to submit form. Please try again later.');
    expect(formStatusMessage(404)).toBe('This form has not been configured yet.');
    expect(formStatusMessage(429)).toBe(
      'Unable to submit form. Submission rate limit exceeded. Please try again later.',
    );
    expect(formStatusMessage(500)).toBe('Unable to send form. Please try again later.');
    expect(formStatusMessage(418)).toBeUndefined();
  });
});

describe('formFailure', () => {
  it('shows field errors of a 400 beside their fields', () => {
    expect(formFailure({ status: 400, errors: { f1: 'Bad', f2: 3 } })).toEqual({
      kind: 'fields',
      errors: { f1: 'Bad' },
    });
  });

  it('falls back to the status message, then the error text, then the unknown error', () => {
    expect(formFailure({ status: 404, errorText: 'x' })).toEqual({
      kind: 'message',
      message: 'This form has not been configured yet.',
    });
    expect(formFailure({ status: 400, errors: {}, errorText: 'Nope' })).toEqual({ kind: 'message', message: 'Nope' });
    expect(formFailure({ status: 502 })).toEqual({
      kind: 'message',
      message: 'Unknown error, please try again later.',
    });
  });
});
