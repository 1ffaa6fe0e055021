// A small, safe Markdown subset for the markdown block (code 44): headings, paragraphs, emphasis,
// strong, inline code, fenced code, block quotes, ordered and unordered lists, horizontal rules and
// links (http, https, mailto, relative and fragment only). Everything is HTML-escaped first, so raw
// HTML in the source shows as text and never runs.

export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** http(s), mailto, or a relative address without a scheme; never protocol-relative. */
export function isSafeUrl(url: string): boolean {
  // Browsers read `/\host` and `\\host` like `//host`: another site, so refuse any of them.
  if (/^[/\\]{2}/.test(url)) return false;
  return /^(https?:|mailto:)/i.test(url) || !url.includes(':');
}

function inline(text: string): string {
  // Inline code first: its content is not formatted further.
  const pieces = text.split(/(`[^`]+`)/);
  return pieces
    .map((piece) => {
      if (piece.startsWith('`') && piece.endsWith('`') && piece.length > 1)
        return `<code>${escapeHtml(piece.slice(1, -1))}</code>`;
      let out = escapeHtml(piece);
      out = out.replace(/\[([^\]]+)\]\(([^)\s]+)\)/g, (_m, label: string, href: string) => {
        const raw = href.replace(/&amp;/g, '&');
        if (!isSafeUrl(raw)) return label;
        return `<a href="${escapeHtml(raw)}">${label}</a>`;
      });
      out = out.replace(/\*\*([^*]+)\*\*/g, '<strong>$1</strong>');
      out = out.replace(/(^|[^*])\*([^*]+)\*/g, '$1<em>$2</em>');
      return out;
    })
    .join('');
}

export function renderMarkdown(source: string): string {
  const lines = source.replace(/\r\n?/g, '\n').split('\n');
  const out: string[] = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i] ?? '';
    if (/^\s*$/.test(line)) {
      i++;
      continue;
    }
    if (/^```/.test(line)) {
      const code: string[] = [];
      i++;
      while (i < lines.length && !/^```/.test(lines[i] ?? '')) code.push(lines[i++] ?? '');
      i++;
      out.push(`<pre><code>${escapeHtml(code.join('\n'))}</code></pre>`);
      continue;
    }
    const heading = /^(#{1,6})\s+(.*)$/.exec(line);
    if (heading) {
      const level = Math.max(heading[1]!.length, 2);
      out.push(`<h${level}>${inline(heading[2]!.trim())}</h${level}>`);
      i++;
      continue;
    }
    if (/^(\*\s*){3,}$|^(-\s*){3,}$/.test(line.trim())) {
      out.push('<hr>');
      i++;
      continue;
    }
    if (/^>\s?/.test(line)) {
      const quote: string[] = [];
      while (i < lines.length && /^>\s?/.test(lines[i] ?? '')) quote.push((lines[i++] ?? '').replace(/^>\s?/, ''));
      out.push(`<blockquote><p>${inline(quote.join(' '))}</p></blockquote>`);
      continue;
    }
    const ordered = /^\d+\.\s+/.test(line);
    if (ordered || /^[-*+]\s+/.test(line)) {
      const pattern = ordered ? /^\d+\.\s+/ : /^[-*+]\s+/;
      const items: string[] = [];
      while (i < lines.length && pattern.test(lines[i] ?? '')) items.push((lines[i++] ?? '').replace(pattern, ''));
      const tag = ordered ? 'ol' : 'ul';
      out.push(`<${tag}>${items.map((item) => `<li>${inline(item)}</li>`).join('')}</${tag}>`);
      continue;
    }
    const paragraph: string[] = [];
    while (
      i < lines.length &&
      !/^\s*$/.test(lines[i] ?? '') &&
      !/^(```|#{1,6}\s|>|\d+\.\s|[-*+]\s)/.test(lines[i] ?? '')
    ) {
      paragraph.push((lines[i++] ?? '').trim());
    }
    if (paragraph.length === 0) {
      out.push(`<p>${inline(line.trim())}</p>`);
      i++;
    } else {
      out.push(`<p>${inline(paragraph.join(' '))}</p>`);
    }
  }
  return out.join('\n');
}
