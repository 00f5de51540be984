/**
 * A built page's HTML as tokens (tags and the text between them) and back, byte for byte where nothing changed: the
 * little of HTML the form pages (form-page.ts) need to find a form, its controls and their labels, and to edit them.
 */

type Attribute = [name: string, value: string | null];

export type Tag = {
  kind: 'tag';
  /** Lower-case element name. */
  name: string;
  closing: boolean;
  attributes: Attribute[];
  /** The tag as written, kept while the tag is not changed. */
  source: string;
  changed: boolean;
};

type Text = { kind: 'text'; source: string };

export type Token = Tag | Text;

const TAG = /<(\/?)([a-zA-Z][\w:-]*)((?:\s+[^\s"'>/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+))?)*)\s*\/?>/y;
const ATTRIBUTE = /([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;
/** Elements whose content is text up to their closing tag, never markup. */
const RAW_TEXT = new Set(['script', 'style', 'textarea', 'title']);

/** Escapes text for an HTML attribute value or text content. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** Decodes the entities the build writes in attribute values (`&amp;`, `&quot;`, `&#39;`, `&lt;`, `&gt;`, numeric). */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|amp|quot|lt|gt|apos);/gi, (whole, entity: string) => {
    const lower = entity.toLowerCase();
    if (lower === 'amp') return '&';
    if (lower === 'quot') return '"';
    if (lower === 'lt') return '<';
    if (lower === 'gt') return '>';
    if (lower === 'apos') return "'";
    const code = lower.startsWith('#x') ? parseInt(lower.slice(2), 16) : parseInt(lower.slice(1), 10);
    return Number.isFinite(code) && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}

export function tokenize(html: string): Token[] {
  const tokens: Token[] = [];
  let text = '';
  let at = 0;
  const flushText = () => {
    if (text) tokens.push({ kind: 'text', source: text });
    text = '';
  };
  while (at < html.length) {
    const lt = html.indexOf('<', at);
    if (lt < 0) {
      text += html.slice(at);
      break;
    }
    text += html.slice(at, lt);
    if (html.startsWith('<!--', lt)) {
      const end = html.indexOf('-->', lt + 4);
      const stop = end < 0 ? html.length : end + 3;
      text += html.slice(lt, stop);
      at = stop;
      continue;
    }
    TAG.lastIndex = lt;
    const match = TAG.exec(html);
    if (!match) {
      text += '<';
      at = lt + 1;
      continue;
    }
    flushText();
    const name = (match[2] ?? '').toLowerCase();
    const closing = match[1] === '/';
    tokens.push({
      kind: 'tag',
      name,
      closing,
      attributes: parseAttributes(match[3] ?? ''),
      source: match[0],
      changed: false,
    });
    at = TAG.lastIndex;
    if (!closing && RAW_TEXT.has(name)) {
      const end = html.toLowerCase().indexOf(`</${name}`, at);
      const stop = end < 0 ? html.length : end;
      if (stop > at) tokens.push({ kind: 'text', source: html.slice(at, stop) });
      at = stop;
    }
  }
  flushText();
  return tokens;
}

function parseAttributes(source: string): Attribute[] {
  const attributes: Attribute[] = [];
  for (const match of source.matchAll(ATTRIBUTE)) {
    const raw = match[2] ?? match[3] ?? match[4];
    attributes.push([(match[1] ?? '').toLowerCase(), raw === undefined ? null : decodeEntities(raw)]);
  }
  return attributes;
}

export function serialize(tokens: readonly Token[]): string {
  return tokens
    .map((token) => {
      if (token.kind === 'text' || !token.changed) return token.source;
      if (token.closing) return `</${token.name}>`;
      const attributes = token.attributes
        .map(([name, value]) => (value === null ? ` ${name}` : ` ${name}="${escapeHtml(value)}"`))
        .join('');
      return `<${token.name}${attributes}>`;
    })
    .join('');
}

export function attribute(tag: Tag, name: string): string | undefined {
  const found = tag.attributes.find(([key]) => key === name);
  return found ? (found[1] ?? '') : undefined;
}

export function setAttribute(tag: Tag, name: string, value: string | null): void {
  const found = tag.attributes.find(([key]) => key === name);
  if (found) found[1] = value;
  else tag.attributes.push([name, value]);
  tag.changed = true;
}

export function removeAttribute(tag: Tag, name: string): void {
  const before = tag.attributes.length;
  tag.attributes = tag.attributes.filter(([key]) => key !== name);
  if (tag.attributes.length !== before) tag.changed = true;
}

export const isTag = (token: Token | undefined, name: string, closing = false): token is Tag =>
  token?.kind === 'tag' && token.name === name && token.closing === closing;

/** Index of the tag that closes the element opened at `open` (same name, nesting counted). */
export function closingIndex(tokens: readonly Token[], open: number): number {
  const opener = tokens[open] as Tag;
  let depth = 0;
  for (let index = open; index < tokens.length; index += 1) {
    const token = tokens[index];
    if (isTag(token, opener.name)) depth += 1;
    else if (isTag(token, opener.name, true)) {
      depth -= 1;
      if (depth === 0) return index;
    }
  }
  return -1;
}

/** Index of the nearest element `name` that contains the token at `inner`, or -1. */
export function enclosing(tokens: readonly Token[], inner: number, name: string): number {
  let depth = 0;
  for (let index = inner - 1; index >= 0; index -= 1) {
    const token = tokens[index];
    if (isTag(token, name, true)) depth += 1;
    else if (isTag(token, name)) {
      if (depth === 0) return index;
      depth -= 1;
    }
  }
  return -1;
}
