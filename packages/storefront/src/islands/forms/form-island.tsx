import { useEffect } from 'react';
import { requestJson } from '../../api.js';
import type { IslandEnv } from '../../island-env.js';
import { mountReactIsland } from '../mount.js';
import type { CaptchaChallenge } from './captcha-solver.js';
import { createCaptchaWidget } from './captcha-widget.js';
import { createFormController, type FormApi } from './form-controller.js';
import { findFormParts } from './form-dom.js';

const formApi: FormApi = {
  submissionKey: () => requestJson('POST', '/api/form/FormSubmissionKey'),
  save: (payload) => requestJson('POST', '/api/form/SaveFormSubmission', payload),
};

async function fetchChallenge(): Promise<CaptchaChallenge | null> {
  const result = await requestJson<CaptchaChallenge>('GET', '/api/form/captcha-challenge');
  return result.ok ? result.data : null;
}

function FormIsland({ root, env, onReady }: { root: HTMLElement; env: IslandEnv; onReady(): void }) {
  useEffect(() => {
    const parts = findFormParts(root);
    if (!parts) return;
    const captcha = parts.captcha ? createCaptchaWidget(parts.captcha, { fetchChallenge, win: env.win }) : undefined;
    const controller = createFormController({ root, parts, win: env.win, api: formApi, captcha });
    onReady();
    return () => controller.dispose();
  }, [root, env, onReady]);
  return null;
}

/** Mounts a contact or newsletter form block (`data-island="form"`). */
export function mountFormIsland(root: HTMLElement, env: IslandEnv): Promise<boolean> {
  if (!root.querySelector('form.tessera-form')) return Promise.resolve(false);
  return mountReactIsland(root, (ready) => <FormIsland root={root} env={env} onReady={ready} />);
}
