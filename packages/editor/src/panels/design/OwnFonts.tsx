import type { FontUsage } from '@tessera/core';
import { useState } from 'react';
import { ApiError, api, crumb } from '../../api.js';
import { useResource } from '../shared/resource.js';
import { USAGE_LABELS } from './FontBrowser.js';
import { FontKits } from './FontKits.js';
import type { FontInfo } from '@tessera/core/contracts/design';
import type { OwnFont as OwnFontFile, OwnFontsAnswer } from '@tessera/core/contracts/fonts';

const OWN_FONTS = '/api/config/design/own-fonts';
const ACCEPT = '.woff2,.woff,.ttf,.otf,font/woff2,font/woff,font/ttf,font/otf';

/** Sends one font file; answers the site's fonts, or throws the server's message. */
async function uploadFont(file: File): Promise<OwnFontsAnswer> {
  const form = new FormData();
  form.append('file', file, file.name);
  let response: Response;
  try {
    response = await fetch(OWN_FONTS, {
      method: 'POST',
      body: form,
      headers: { accept: 'application/json', 'x-csrf-token': crumb() },
      credentials: 'same-origin',
    });
  } catch {
    throw new ApiError(0, 'Network error');
  }
  const body = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  if (!response.ok) {
    throw new ApiError(response.status, typeof body.message === 'string' ? body.message : 'Error uploading', body);
  }
  return body as unknown as OwnFontsAnswer;
}

/** The files of one family, together: its name, and each weight (italic marked). */
function families(files: OwnFontFile[]): { family: string; files: OwnFontFile[] }[] {
  const byFamily = new Map<string, OwnFontFile[]>();
  for (const file of files) byFamily.set(file.family, [...(byFamily.get(file.family) ?? []), file]);
  return [...byFamily].map(([family, list]) => ({ family, files: list }));
}

/**
 * "Your fonts": upload font files (woff2, woff, ttf, otf; the server reads family and weight from
 * the file and says why it refuses one), list them, delete one, and use a family for a kind of text.
 */
export function OwnFonts(props: {
  /** The catalogue (built-in and uploaded families), to find an uploaded family's font id. */
  catalogue: FontInfo[];
  familyOf: (usage: FontUsage) => string | undefined;
  onUse: (usage: FontUsage, fontId: string) => void;
  /** After an upload or a delete: the catalogue has changed. */
  onChanged: () => void;
}) {
  const own = useResource<OwnFontsAnswer>(OWN_FONTS);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ error: boolean; text: string } | undefined>();
  const files = own.data?.fonts ?? [];

  async function upload(file: File | undefined) {
    if (!file) return;
    setBusy(true);
    setMessage(undefined);
    try {
      const answer = await uploadFont(file);
      await own.reload();
      const added = answer.fonts.find((f) => !files.some((old) => old.id === f.id));
      setMessage({ error: false, text: added ? `${added.family} ${added.subfamily} uploaded.` : 'Font uploaded.' });
      props.onChanged();
    } catch (error) {
      setMessage({ error: true, text: error instanceof Error ? error.message : 'Error uploading' });
    } finally {
      setBusy(false);
    }
  }

  async function remove(file: OwnFontFile) {
    setMessage(undefined);
    try {
      await api<OwnFontsAnswer>('DELETE', `${OWN_FONTS}/${encodeURIComponent(file.id)}`);
      await own.reload();
      setMessage({ error: false, text: `${file.family} ${file.subfamily} deleted.` });
      props.onChanged();
    } catch (error) {
      setMessage({ error: true, text: error instanceof Error ? error.message : 'Something went wrong' });
    }
  }

  return (
    <section className="ds-stack" aria-labelledby="ds-own-fonts-title">
      <h3 id="ds-own-fonts-title">Your fonts</h3>
      <div className="ed-form-row">
        <label htmlFor="ds-own-font-file">Upload a font file (WOFF2, WOFF, TTF or OTF)</label>
        <input
          id="ds-own-font-file"
          type="file"
          accept={ACCEPT}
          disabled={busy}
          onChange={(e) => {
            const input = e.currentTarget;
            void upload(input.files?.[0]).finally(() => {
              input.value = '';
            });
          }}
        />
      </div>
      {busy && <p className="ed-hint">Uploading…</p>}
      {message && (
        <p className={message.error ? 'ed-error' : 'ed-hint'} role={message.error ? 'alert' : 'status'}>
          {message.text}
        </p>
      )}
      {own.error && (
        <div className="ed-error" role="alert">
          {own.error}{' '}
          <button type="button" onClick={() => void own.reload()}>
            Try again
          </button>
        </div>
      )}
      {own.data && files.length === 0 && <p className="ed-hint">No fonts uploaded yet.</p>}
      {files.length > 0 && (
        <ul className="ds-font-list" aria-label="Your fonts">
          {families(files).map(({ family, files: list }) => {
            const id = props.catalogue.find((f) => f.own && f.family === family)?.id;
            return (
              <li key={family} className="ds-stack">
                <strong>{family}</strong>
                <ul aria-label={`${family} files`}>
                  {list.map((file) => (
                    <li key={file.id}>
                      <span>
                        {file.weight}
                        {file.italic ? ' italic' : ''} · {file.subfamily} · {file.format.toUpperCase()}
                      </span>{' '}
                      <button
                        type="button"
                        aria-label={`Delete ${family} ${file.subfamily}`}
                        onClick={() => void remove(file)}
                      >
                        Delete
                      </button>
                    </li>
                  ))}
                </ul>
                {id && (
                  <div className="ds-row">
                    {(['heading', 'body'] as const).map((usage) =>
                      props.familyOf(usage) === id ? (
                        <span key={usage} className="ed-hint">
                          {family} is the {USAGE_LABELS[usage].toLowerCase()} font
                        </span>
                      ) : (
                        <button key={usage} type="button" onClick={() => props.onUse(usage, id)}>
                          Use {family} for {USAGE_LABELS[usage].toLowerCase()}
                        </button>
                      ),
                    )}
                  </div>
                )}
              </li>
            );
          })}
        </ul>
      )}
      <FontKits catalogue={props.catalogue} familyOf={props.familyOf} onUse={props.onUse} onChanged={props.onChanged} />
    </section>
  );
}
