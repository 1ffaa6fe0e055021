import type { FontUsage } from '@tessera/core';
import { useState } from 'react';
import { api } from '../../api.js';
import { useResource } from '../shared/resource.js';
import { USAGE_LABELS } from './FontBrowser.js';
import { FontPreviewName } from './FontPreviewName.js';
import type { FontInfo } from '@tessera/core/contracts/design';
import type { FontKit, FontKitsAnswer } from '@tessera/core/contracts/fonts';

const FONT_KITS = '/api/config/design/font-kits';

/** Where else a kit loads from, in words (empty when only from its own host). */
function hostsOf(kit: FontKit): string {
  const files = kit.fontOrigins;
  const sheets = kit.styleOrigins;
  return [
    files.length > 0 ? `Font files also from ${files.join(', ')}.` : '',
    sheets.length > 0 ? `Imports stylesheets from ${sheets.join(', ')}.` : '',
  ]
    .filter(Boolean)
    .join(' ');
}

/**
 * "Font kits": connect a kit by its stylesheet address (https; the server reads it once and says why
 * it refuses one), list the connected kits with their families and the other hosts they load from,
 * use a family, read a kit again (its families, the hosts of its font files and of the stylesheets
 * it imports, e.g. for a kit connected before those were recorded), remove a kit.
 */
export function FontKits(props: {
  catalogue: FontInfo[];
  familyOf: (usage: FontUsage) => string | undefined;
  onUse: (usage: FontUsage, fontId: string) => void;
  /** After connecting or removing: the catalogue has changed. */
  onChanged: () => void;
}) {
  const kits = useResource<FontKitsAnswer>(FONT_KITS);
  const [address, setAddress] = useState('');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ error: boolean; text: string } | undefined>();
  const list = kits.data?.kits ?? [];
  const full = kits.data ? list.length >= kits.data.limit : false;

  async function connect() {
    const url = address.trim();
    if (!url) {
      setMessage({ error: true, text: 'Enter the address of the font kit’s stylesheet, starting with https://.' });
      return;
    }
    setBusy(true);
    setMessage(undefined);
    try {
      const answer = await api<FontKitsAnswer>('POST', FONT_KITS, { url });
      await kits.reload();
      const added = answer.kits.find((kit) => !list.some((old) => old.id === kit.id));
      setAddress('');
      setMessage({
        error: false,
        text: added ? `Font kit connected: ${added.families.join(', ')}.` : 'Font kit connected.',
      });
      props.onChanged();
    } catch (error) {
      setMessage({ error: true, text: error instanceof Error ? error.message : 'Something went wrong' });
    } finally {
      setBusy(false);
    }
  }

  async function reread(kit: FontKit) {
    setMessage(undefined);
    setBusy(true);
    try {
      const answer = await api<FontKitsAnswer>('POST', `${FONT_KITS}/${encodeURIComponent(kit.id)}/reread`);
      await kits.reload();
      const now = answer.kits.find((k) => k.id === kit.id);
      // The editor page's policy was set when it loaded: hosts new to the kit count after a reload.
      const known = new Set([...kit.fontOrigins, ...kit.styleOrigins]);
      const added = now ? [...now.fontOrigins, ...now.styleOrigins].some((o) => !known.has(o)) : false;
      setMessage({
        error: false,
        text: now
          ? [
              `Font kit read again: ${now.families.join(', ')}.`,
              hostsOf(now),
              added ? 'Its faces show here from those hosts after the editor reloads.' : '',
            ]
              .filter(Boolean)
              .join(' ')
          : 'Font kit read again.',
      });
      props.onChanged();
    } catch (error) {
      setMessage({ error: true, text: error instanceof Error ? error.message : 'Something went wrong' });
    } finally {
      setBusy(false);
    }
  }

  async function remove(kit: FontKit) {
    setMessage(undefined);
    try {
      await api<FontKitsAnswer>('DELETE', `${FONT_KITS}/${encodeURIComponent(kit.id)}`);
      await kits.reload();
      setMessage({ error: false, text: `Font kit ${kit.url} removed.` });
      props.onChanged();
    } catch (error) {
      setMessage({ error: true, text: error instanceof Error ? error.message : 'Something went wrong' });
    }
  }

  return (
    <section className="ds-stack" aria-labelledby="ds-font-kits-title">
      <h3 id="ds-font-kits-title">Font kits</h3>
      <form
        className="ed-form-row"
        onSubmit={(e) => {
          e.preventDefault();
          void connect();
        }}
      >
        <label htmlFor="ds-font-kit-url">Connect a font kit (the https address of its stylesheet)</label>
        <input
          id="ds-font-kit-url"
          type="url"
          inputMode="url"
          placeholder="https://fonts.example.com/kit.css"
          value={address}
          disabled={busy || full}
          onChange={(e) => setAddress(e.currentTarget.value)}
        />
        <button type="submit" disabled={busy || full}>
          {busy ? 'Connecting…' : 'Connect'}
        </button>
      </form>
      {full && (
        <p className="ed-hint">A site can connect {kits.data?.limit} font kits; remove one to connect another.</p>
      )}
      {message && (
        <p className={message.error ? 'ed-error' : 'ed-hint'} role={message.error ? 'alert' : 'status'}>
          {message.text}
        </p>
      )}
      {kits.error && (
        <div className="ed-error" role="alert">
          {kits.error}{' '}
          <button type="button" onClick={() => void kits.reload()}>
            Try again
          </button>
        </div>
      )}
      {kits.data && list.length === 0 && <p className="ed-hint">No font kits connected.</p>}
      {list.length > 0 && (
        <ul className="ds-font-list" aria-label="Font kits">
          {list.map((kit) => (
            <li key={kit.id} className="ds-stack">
              <span>
                <strong>{kit.url}</strong>{' '}
                <button
                  type="button"
                  aria-label={`Re-read font kit ${kit.url}`}
                  disabled={busy}
                  onClick={() => void reread(kit)}
                >
                  Re-read
                </button>{' '}
                <button type="button" aria-label={`Remove font kit ${kit.url}`} onClick={() => void remove(kit)}>
                  Remove
                </button>
              </span>
              {hostsOf(kit) && <span className="ed-hint">{hostsOf(kit)}</span>}
              <ul aria-label={`Families of ${kit.url}`}>
                {kit.families.map((family) => {
                  const id = props.catalogue.find((f) => f.own && f.family === family)?.id;
                  return (
                    <li key={family}>
                      <FontPreviewName font={{ id: `kit:${family}`, family, previewUrl: '', kit: kit.url }} />{' '}
                      {id &&
                        (['heading', 'body'] as const).map((usage) =>
                          props.familyOf(usage) === id ? (
                            <span key={usage} className="ed-hint">
                              {family} is the {USAGE_LABELS[usage].toLowerCase()} font{' '}
                            </span>
                          ) : (
                            <button key={usage} type="button" onClick={() => props.onUse(usage, id)}>
                              Use {family} for {USAGE_LABELS[usage].toLowerCase()}
                            </button>
                          ),
                        )}
                    </li>
                  );
                })}
              </ul>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
