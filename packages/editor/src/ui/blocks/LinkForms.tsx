import { blockContentProblems, MEDIA_BLOCK_LIMITS, socialServiceOf } from '@tessera/core';
import { listRules } from '@tessera/core/editor';
import { LinkEditor } from '../LinkEditor.js';
import { type BlockFormProps, blockEdits, CheckField, ItemTools, TextField } from './common.js';
import { Problems } from './Problems.js';

const str = (value: unknown) => (typeof value === 'string' ? value : '');

/** Link: `content.title`, `content.url` (through the link editor) and `content.description`. */
export function LinkForm(props: BlockFormProps) {
  const { set } = blockEdits(props);
  const { block, pages, files } = props;
  const c = block.content;
  return (
    <>
      <TextField label="Link title" value={str(c.title)} onChange={(v) => set('content', 'title', v)} />
      <fieldset>
        <legend>Link</legend>
        <LinkEditor url={str(c.url)} pages={pages} files={files} onChange={(url) => set('content', 'url', url)} />
      </fieldset>
      <TextField
        label="Description"
        multiline
        rows={3}
        value={str(c.description)}
        onChange={(v) => set('content', 'description', v)}
      />
      <Problems problems={blockContentProblems(block)} />
    </>
  );
}

interface SocialLink {
  url: string;
  label: string;
}

const socialRules = listRules<SocialLink>({ minItems: 1, maxItems: MEDIA_BLOCK_LIMITS.maxSocialLinks }, () => ({
  url: 'https://',
  label: '',
}));

function socialLinksOf(content: Record<string, unknown>): SocialLink[] {
  return (Array.isArray(content.links) ? content.links : [])
    .filter((l): l is Record<string, unknown> => !!l && typeof l === 'object')
    .map((l) => ({ url: str(l.url), label: str(l.label) }));
}

/**
 * Social links (19, and the older 48 and 54): `content.links` of `{ url, label }`. The service and
 * its mark come from the address's host on the page; the label, when given, is the link's name.
 */
export function SocialLinksForm(props: BlockFormProps) {
  const { set, setMany } = blockEdits(props);
  const { block } = props;
  const links = socialLinksOf(block.content);
  const write = (next: SocialLink[], coalesce?: string) => setMany([['content', 'links', next]], coalesce);
  return (
    <>
      <ol className="ed-items">
        {links.map((link, i) => {
          const name = `Profile ${i + 1}`;
          const service = socialServiceOf(link.url.trim());
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: links have no ids; the position is the identity
            <li key={i} className="ed-item">
              <fieldset>
                <legend>{name}</legend>
                <TextField
                  label={`${name} address`}
                  type="url"
                  value={link.url}
                  hint={service ? `Shown as ${service.name}.` : 'An address of a profile, starting with https://.'}
                  onChange={(v) =>
                    write(
                      links.map((l, j) => (j === i ? { ...l, url: v } : l)),
                      `links.${i}.url`,
                    )
                  }
                />
                <TextField
                  label={`${name} name (optional)`}
                  value={link.label}
                  onChange={(v) =>
                    write(
                      links.map((l, j) => (j === i ? { ...l, label: v } : l)),
                      `links.${i}.label`,
                    )
                  }
                />
                <ItemTools
                  name={name}
                  index={i}
                  count={links.length}
                  canRemove={socialRules.canRemove(links)}
                  onMove={(to) => write(socialRules.move(links, i, to))}
                  onRemove={() => write(socialRules.remove(links, i))}
                />
              </fieldset>
            </li>
          );
        })}
      </ol>
      <button type="button" disabled={!socialRules.canAdd(links)} onClick={() => write(socialRules.add(links))}>
        Add profile
      </button>
      <CheckField
        label="Show marks only (names are still read out)"
        checked={block.settings.iconsOnly === true}
        onChange={(v) => set('settings', 'iconsOnly', v, false)}
      />
      <Problems problems={blockContentProblems(block)} />
    </>
  );
}
