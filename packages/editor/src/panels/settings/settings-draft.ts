import type { WebsiteSettings } from '@tessera/core/contracts/settings';
import { useCallback, useState } from 'react';
import { ApiError, api } from '../../api.js';
import { useResource } from '../shared/resource.js';
import { type FieldErrors, fieldErrorsOf } from './field-errors.js';

export type { WebsiteSettings };

export type SettingsKey = keyof WebsiteSettings;

const KEYS: readonly SettingsKey[] = [
  'siteTitle',
  'logo',
  'timeZone',
  'currency',
  'locale',
  'commentsEnabled',
  'commentsRequireApproval',
  'disqusShortname',
  'simpleLikingEnabled',
  'shareButtonOptions',
  'cookiePolicy',
  'trackingEnabled',
  'robotsTxtExtra',
  'siteIcon',
  'redirects',
  'mailingListId',
  'cookieBanner',
  'publicUrl',
];

/** Fields of the cookie banner, named by their path so a server error lands beside its input. */
const BANNER_ERROR_FIELDS = ['text', 'privacyLabel', 'privacyUrl', 'acceptLabel', 'declineLabel', 'position'].map(
  (field) => `cookieBanner.${field}`,
);

export interface SettingsDraft {
  /** The saved settings with the unsaved changes laid over them; undefined while loading. */
  value: WebsiteSettings | undefined;
  loadError: string;
  reload: () => Promise<void>;
  change: <K extends SettingsKey>(key: K, value: WebsiteSettings[K]) => void;
  /** Whether any of `keys` has an unsaved change. */
  isDirty: (keys: readonly SettingsKey[]) => boolean;
  discard: (keys: readonly SettingsKey[]) => void;
  /**
   * Saves the changed ones among `keys`, plus `always` (sent even when unchanged); false when the
   * server refused (errors are then set).
   */
  save: (keys: readonly SettingsKey[], always?: Partial<WebsiteSettings>) => Promise<boolean>;
  errors: FieldErrors;
  setErrors: (errors: FieldErrors) => void;
  saving: boolean;
  status: string;
}

/**
 * The website settings as the settings panel edits them: one draft shared by every section, so a
 * change survives moving between sections; each section saves only its own fields.
 */
export function useSettingsDraft(): SettingsDraft {
  const resource = useResource<WebsiteSettings>('/api/config/settings');
  const [saved, setSaved] = useState<WebsiteSettings | undefined>();
  const [draft, setDraft] = useState<Partial<WebsiteSettings>>({});
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState(false);
  const [status, setStatus] = useState('');
  const base = saved ?? resource.data;
  const value = base ? { ...base, ...draft } : undefined;

  const change = useCallback(<K extends SettingsKey>(key: K, next: WebsiteSettings[K]) => {
    setDraft((d) => ({ ...d, [key]: next }));
    setErrors((e) => {
      if (!(key in e)) return e;
      const { [key]: _gone, ...rest } = e;
      return rest;
    });
    setStatus('');
  }, []);

  const changedKeys = (keys: readonly SettingsKey[]) =>
    keys.filter((k) => k in draft && base && JSON.stringify(draft[k]) !== JSON.stringify(base[k]));

  const discard = (keys: readonly SettingsKey[]) => {
    setDraft((d) => Object.fromEntries(Object.entries(d).filter(([k]) => !keys.includes(k as SettingsKey))));
    setErrors({});
  };

  const save = async (keys: readonly SettingsKey[], always: Partial<WebsiteSettings> = {}): Promise<boolean> => {
    const body = { ...Object.fromEntries(changedKeys(keys).map((k) => [k, draft[k]])), ...always };
    if (Object.keys(body).length === 0) {
      setStatus('Nothing to save.');
      return true;
    }
    setSaving(true);
    setStatus('Saving…');
    try {
      const answer = await api<WebsiteSettings>('PUT', '/api/config/settings', body);
      setSaved(answer);
      setDraft((d) => Object.fromEntries(Object.entries(d).filter(([k]) => !(k in body))));
      setErrors({});
      setStatus('Saved');
      return true;
    } catch (e) {
      const error = e as ApiError;
      const code = e instanceof ApiError && typeof error.body.error === 'string' ? error.body.error : undefined;
      setErrors(fieldErrorsOf(error.message, code, [...KEYS, ...BANNER_ERROR_FIELDS]));
      setStatus('Not saved');
      return false;
    } finally {
      setSaving(false);
    }
  };

  return {
    value,
    loadError: resource.error,
    reload: async () => {
      await resource.reload();
      setSaved(undefined);
    },
    change,
    isDirty: (keys) => changedKeys(keys).length > 0,
    discard,
    save,
    errors,
    setErrors,
    saving,
    status,
  };
}
