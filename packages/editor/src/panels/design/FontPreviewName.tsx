import { SITE_ADMIN_MESSAGES } from '@tessera/core';
import { useEffect, useState } from 'react';
import { kitAllowed, loadKitFamily } from './kit-faces.js';
import { loadPreviewFont } from './preview-frame.js';
import type { FontInfo } from '@tessera/core/contracts/design';

/** A family's name set in the family itself, or the SPEC message when its file cannot be loaded. */
export function FontPreviewName(props: { font: Pick<FontInfo, 'id' | 'family' | 'previewUrl' | 'kit'> }) {
  const { id, previewUrl, family, kit } = props.font;
  const [state, setState] = useState<{ family?: string; failed?: boolean }>({});
  // A kit connected after the editor loaded: its faces show after a reload (the page's policy).
  const pending = kit !== undefined && !kitAllowed(kit);
  useEffect(() => {
    let current = true;
    setState({});
    if (kit !== undefined && !kitAllowed(kit)) return;
    (kit !== undefined ? loadKitFamily(kit, family) : loadPreviewFont(id, previewUrl)).then(
      (loaded) => current && setState({ family: loaded }),
      () => current && setState({ failed: true }),
    );
    return () => {
      current = false;
    };
  }, [id, previewUrl, kit, family]);

  return (
    <span className="ds-font-name">
      <span style={state.family ? { fontFamily: `"${state.family}", system-ui` } : undefined}>{family}</span>
      {state.failed && <span className="ed-field-error">{SITE_ADMIN_MESSAGES.unableToLoadFontPreview(family)}</span>}
      {pending && <span className="ed-hint"> (shown in its own face after the editor reloads)</span>}
    </span>
  );
}
