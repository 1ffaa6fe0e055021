import { SITE_ADMIN_MESSAGES } from '@tessera/core';
import { useEffect, useState } from 'react';
import { loadPreviewFont } from './preview-frame.js';
import type { FontInfo } from './types.js';

/** A family's name set in the family itself, or the SPEC message when its file cannot be loaded. */
export function FontPreviewName(props: { font: FontInfo }) {
  const { id, previewUrl, family } = props.font;
  const [state, setState] = useState<{ family?: string; failed?: boolean }>({});
  useEffect(() => {
    let current = true;
    setState({});
    loadPreviewFont(id, previewUrl).then(
      (loaded) => current && setState({ family: loaded }),
      () => current && setState({ failed: true }),
    );
    return () => {
      current = false;
    };
  }, [id, previewUrl]);

  return (
    <span className="ds-font-name">
      <span style={state.family ? { fontFamily: `"${state.family}", system-ui` } : undefined}>{family}</span>
      {state.failed && <span className="ed-field-error">{SITE_ADMIN_MESSAGES.unableToLoadFontPreview(family)}</span>}
    </span>
  );
}
