import { CURRENCIES, PageType, PASSWORD_STRENGTH_MIN_LENGTH } from '@tessera/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { startOwnerSession } from '../auth/index.js';
import { completeSetup, SETUP_LANGUAGES, SETUP_STARTS, SetupClosedError, setupInput, timeZones } from './first-run.js';
import { loadStarter } from './starter-schema.js';
import { setupTokenValid, siteHasOwner } from './setup-token.js';

/** The first-run page: open without a session while the site has no owner (the owner gate lets it through). */
export const SETUP_PATH = '/config/setup';

const TOKEN_INVALID = 'This setup address has expired or was already used.';
const TOKEN_MISSING = 'Open the setup address printed in the server log; it carries a one-time token.';

type Choice = { value: string; label: string; summary: string };
let choices: readonly Choice[] | undefined;
/** The setup's "Start with" choices: the demo, then each starter template in its own words (read once). */
function setupChoices(): readonly Choice[] {
  choices ??= SETUP_STARTS.map((value) => {
    if (value === 'demo')
      return { value, label: 'The demo content', summary: 'A sample shop, pages and posts to edit.' };
    const starter = loadStarter(value);
    return { value, label: starter.label, summary: starter.summary };
  });
  return choices;
}

interface FormValues {
  token: string;
  email: string;
  title: string;
  timeZone: string;
  currency: string;
  locale: string;
  start: string;
}

function field(form: Record<string, unknown>, name: string, max: number): string {
  const value = form[name];
  return typeof value === 'string' ? value.slice(0, max) : '';
}

function formScope(values: FormValues, errors: string[] = [], passwordMessage = '') {
  const selected = (list: readonly string[], current: string) =>
    list.map((value) => ({ value, selected: value === current }));
  return {
    form: true,
    token: values.token,
    email: values.email,
    title: values.title,
    passwordMin: PASSWORD_STRENGTH_MIN_LENGTH,
    passwordMessage,
    timeZones: selected([...timeZones()].sort(), values.timeZone),
    currencies: selected(CURRENCIES, values.currency),
    languages: SETUP_LANGUAGES.map((l) => ({ value: l.code, name: l.name, selected: l.code === values.locale })),
    starts: setupChoices().map((choice) => ({
      ...choice,
      checked: choice.value === (setupChoices().some((c) => c.value === values.start) ? values.start : 'demo'),
    })),
    message: errors.length > 0 ? errors.join(' ') : '',
    errors,
  };
}

/**
 * `GET/POST /config/setup` (issue 19): the first administrator is created in the browser with the
 * one-time address `tessera start` prints. Answers 404 once the site has an owner.
 */
export function installSetupRoutes(app: FastifyInstance, pages: FastifyInstance['services']['pages']): void {
  const db = app.db;
  const scope = { pageType: PageType.PAGE, path: SETUP_PATH, title: 'Set up your site' };
  const send = (request: FastifyRequest, reply: FastifyReply, setup: Record<string, unknown>, status = 200) =>
    pages.send(request, reply, 'config-setup', scope, { setup }, status);

  app.get<{ Querystring: { token?: unknown } }>(SETUP_PATH, async (request, reply) => {
    const site = await app.services.content.getSiteForHost(request.hostname);
    if (await siteHasOwner(db, site.id)) return reply.callNotFound();
    const token = typeof request.query.token === 'string' ? request.query.token.slice(0, 128) : '';
    if (!token) return send(request, reply, { form: false, message: TOKEN_MISSING });
    if (!(await setupTokenValid(db, site.id, token))) {
      return send(request, reply, { form: false, message: TOKEN_INVALID }, 400);
    }
    const values = {
      token,
      email: '',
      title: site.title,
      timeZone: site.timeZone,
      currency: site.currency,
      locale: site.locale,
      start: 'demo',
    };
    return send(request, reply, formScope(values));
  });

  app.post(SETUP_PATH, { preHandler: app.signInRateLimit }, async (request, reply) => {
    const site = await app.services.content.getSiteForHost(request.hostname);
    if (await siteHasOwner(db, site.id)) return reply.callNotFound();
    const form = (request.body ?? {}) as Record<string, unknown>;
    const values: FormValues = {
      token: field(form, 'token', 128),
      email: field(form, 'email', 256),
      title: field(form, 'title', 200),
      timeZone: field(form, 'timeZone', 64),
      currency: field(form, 'currency', 8),
      locale: field(form, 'locale', 16),
      start: field(form, 'start', 16),
    };
    if (!(await setupTokenValid(db, site.id, values.token))) {
      return send(request, reply, { form: false, message: values.token ? TOKEN_INVALID : TOKEN_MISSING }, 400);
    }
    const parsed = setupInput.safeParse({ ...values, password: field(form, 'password', 300) });
    if (!parsed.success) {
      const errors = parsed.error.issues.slice(0, 8).map((issue) => issue.message);
      const passwordIssue = parsed.error.issues.find((issue) => issue.path[0] === 'password');
      return send(request, reply, formScope(values, errors, passwordIssue?.message ?? ''), 400);
    }
    try {
      const owner = await completeSetup(db, site.id, parsed.data, { filesDir: app.config.filesDir });
      // A starter's pictures were drawn into the files folder: the S3 bucket gets them too (issue 18).
      await app.copyDrawnFiles();
      app.services.content.invalidate();
      await startOwnerSession(request, reply, owner);
      return reply.redirect('/config', 303);
    } catch (error) {
      if (!(error instanceof SetupClosedError)) throw error;
      if (await siteHasOwner(db, site.id)) return reply.callNotFound();
      return send(request, reply, { form: false, message: TOKEN_INVALID }, 400);
    }
  });
}
