/**
 * Turns a built page into the answer to a refused plain form post (JavaScript off): the same page with the same
 * form, holding every value the visitor sent, each message beside its field and the error summary at the top (the
 * GOV.UK Design System's error pattern). It edits the page's HTML as the build wrote it, tag by tag, and leaves
 * everything it does not need to change byte for byte as it was.
 */

import {
  type Tag,
  type Token,
  escapeHtml,
  decodeEntities,
  tokenize,
  serialize,
  attribute,
  setAttribute,
  removeAttribute,
  isTag,
  closingIndex,
  enclosing,
} from './html-tokens.ts';

export { escapeHtml };

/** The summary's heading and the title's prefix, in the page's language (form-answer.ts passes the catalogue's). */
export type SummaryWords = { problem: string; error: string };

const ENGLISH_SUMMARY: SummaryWords = { problem: 'There is a problem', error: 'Error' };

/** One value the visitor sent: a field name and its text. */
export type SentField = readonly [name: string, value: string];

/** A message for one field (its `name`), or for the whole form when no control has that name. */
export type FieldMessage = { name: string; message: string };

/** Inputs whose value is not the visitor's own words. */
const NOT_REFILLED = new Set(['hidden', 'submit', 'button', 'reset', 'image', 'file', 'password']);
/** Fields never written back: the honeypot and the browser's resend id. */
const SKIPPED_FIELDS = new Set(['website', 'submissionId']);

/** Values sent per field name, in order. */
function valuesByName(fields: readonly SentField[]): Map<string, string[]> {
  const values = new Map<string, string[]>();
  for (const [name, value] of fields) values.set(name, [...(values.get(name) ?? []), value]);
  return values;
}

type FormRange = { start: number; end: number };

/**
 * The forms posting `type`: the one whose hidden fields (the child, the role…) match what was sent, else the
 * first. Undefined when the page has no such form.
 */
function findForm(tokens: readonly Token[], type: string, sent: Map<string, string[]>): FormRange | undefined {
  const ranges: { range: FormRange; score: number }[] = [];
  for (let start = 0; start < tokens.length; start += 1) {
    if (!isTag(tokens[start], 'form')) continue;
    const end = closingIndex(tokens, start);
    if (end < 0) break;
    let isType = false;
    let score = 0;
    for (let index = start + 1; index < end; index += 1) {
      const token = tokens[index];
      if (!isTag(token, 'input') || attribute(token, 'type') !== 'hidden') continue;
      const name = attribute(token, 'name') ?? '';
      const value = attribute(token, 'value') ?? '';
      if (name === 'form') isType ||= value === type;
      else if (sent.get(name)?.includes(value)) score += 1;
    }
    if (isType) ranges.push({ range: { start, end }, score });
    start = end;
  }
  ranges.sort((a, b) => b.score - a.score);
  return ranges[0]?.range;
}

type Control = { index: number; tag: Tag; kind: 'input' | 'choice' | 'select' | 'textarea' };

/**
 * Puts what was sent back into each control of the form (with `partial`, only the controls named in `sent`: the
 * rest keep what the page starts with); returns the controls by name.
 */
function refill(
  tokens: Token[],
  form: FormRange,
  sent: Map<string, string[]>,
  partial: boolean,
): Map<string, Control[]> {
  const controls = new Map<string, Control[]>();
  const used = new Map<string, number>();
  const add = (name: string, control: Control) => controls.set(name, [...(controls.get(name) ?? []), control]);
  for (let index = form.start + 1; index < form.end; index += 1) {
    const tag = tokens[index];
    if (tag?.kind !== 'tag' || tag.closing) continue;
    const name = attribute(tag, 'name');
    if (!name || SKIPPED_FIELDS.has(name) || (partial && !sent.has(name))) continue;
    const values = sent.get(name) ?? [];
    if (tag.name === 'input') {
      const type = (attribute(tag, 'type') ?? 'text').toLowerCase();
      if (NOT_REFILLED.has(type)) continue;
      if (type === 'radio' || type === 'checkbox') {
        if (values.includes(attribute(tag, 'value') ?? 'on')) setAttribute(tag, 'checked', '');
        else removeAttribute(tag, 'checked');
        add(name, { index, tag, kind: 'choice' });
      } else {
        const position = used.get(name) ?? 0;
        used.set(name, position + 1);
        setAttribute(tag, 'value', values[position] ?? '');
        add(name, { index, tag, kind: 'input' });
      }
    } else if (tag.name === 'textarea') {
      const next = tokens[index + 1];
      const value = escapeHtml(values[0] ?? '');
      if (next?.kind === 'text') next.source = value;
      else tokens.splice(index + 1, 0, { kind: 'text', source: value });
      form.end = closingIndex(tokens, form.start);
      add(name, { index, tag, kind: 'textarea' });
    } else if (tag.name === 'select') {
      const end = closingIndex(tokens, index);
      for (let option = index + 1; option < end; option += 1) {
        const token = tokens[option];
        if (!isTag(token, 'option')) continue;
        const label = tokens[option + 1];
        const value = attribute(token, 'value') ?? (label?.kind === 'text' ? decodeEntities(label.source).trim() : '');
        if (values.includes(value)) setAttribute(token, 'selected', '');
        else removeAttribute(token, 'selected');
      }
      add(name, { index, tag, kind: 'select' });
    }
  }
  return controls;
}

/** The text of a control's label (its `<label for>`, or the label around it), without the trailing `*`. */
function labelText(tokens: readonly Token[], form: FormRange, control: Control): string {
  const id = attribute(control.tag, 'id');
  let start = -1;
  if (control.kind === 'choice') {
    const fieldset = enclosing(tokens, control.index, 'fieldset');
    start = fieldset >= 0 ? tokens.findIndex((token, index) => index > fieldset && isTag(token, 'legend')) : -1;
  } else if (id) {
    start = tokens.findIndex(
      (token, index) =>
        index > form.start && index < form.end && isTag(token, 'label') && attribute(token, 'for') === id,
    );
  }
  if (start < 0) start = enclosing(tokens, control.index, 'label');
  if (start < 0) return '';
  const end = closingIndex(tokens, start);
  const words = tokens
    .slice(start + 1, end)
    .filter((token) => token.kind === 'text')
    .map((token) => decodeEntities(token.source.replace(/<!--[\s\S]*?-->/g, '')))
    .join('');
  return words.replace(/\s*\*\s*$/, '').trim();
}

/** Marks each field with a message and writes the message beside it; returns the summary's entries. */
function markErrors(
  tokens: Token[],
  form: FormRange,
  controls: Map<string, Control[]>,
  messages: readonly FieldMessage[],
): string[] {
  const entries: string[] = [];
  const inserts: { at: number; html: string }[] = [];
  for (const { name, message } of messages) {
    const control = controls.get(name)?.[0];
    if (!control) {
      entries.push(`<li>${escapeHtml(message)}</li>`);
      continue;
    }
    let id = attribute(control.tag, 'id');
    if (!id) {
      id = `field-${name}`;
      setAttribute(control.tag, 'id', id);
    }
    const errorId = `${id}-error`;
    const label = labelText(tokens, form, control);
    const text = label ? `${label}: ${message}` : message;
    entries.push(`<li><a href="#${escapeHtml(id)}">${escapeHtml(text)}</a></li>`);
    const paragraph = `<p class="field__error" id="${escapeHtml(errorId)}">${escapeHtml(message)}</p>`;
    const describe = (tag: Tag) => {
      const current = attribute(tag, 'aria-describedby');
      setAttribute(tag, 'aria-describedby', current ? `${current} ${errorId}` : errorId);
    };
    if (control.kind === 'choice') {
      const fieldset = enclosing(tokens, control.index, 'fieldset');
      if (fieldset >= 0) {
        describe(tokens[fieldset] as Tag);
        inserts.push({ at: closingIndex(tokens, fieldset), html: paragraph });
      } else inserts.push({ at: control.index + 1, html: paragraph });
      for (const choice of controls.get(name) ?? []) setAttribute(choice.tag, 'aria-invalid', 'true');
    } else {
      setAttribute(control.tag, 'aria-invalid', 'true');
      describe(control.tag);
      const after = control.kind === 'input' ? control.index + 1 : closingIndex(tokens, control.index) + 1;
      inserts.push({ at: after, html: paragraph });
    }
  }
  for (const { at, html } of inserts.sort((a, b) => b.at - a.at)) tokens.splice(at, 0, { kind: 'text', source: html });
  return entries;
}

/**
 * The page `html` with the form posting `type` filled with `fields` and, when there are `messages`, showing them
 * (beside their fields, in the summary, and "Error: " in the title); undefined when the page has no such form.
 * With messages, `fields` is the whole form as posted (a control left out was empty or unticked); without, it is
 * the choices to make, and every other control keeps what the page starts with. The
 * island holding the form is turned into plain markup, so a script that runs on the answer page cannot render the
 * form afresh over what it holds; a form in a dialog shows with its dialog open. A refused form that opens its answer
 * in a new tab (the gift forms) posts in place once fixed, so fixing it opens no further tab.
 */
export function formPageWith(
  html: string,
  type: string,
  fields: readonly SentField[],
  messages: readonly FieldMessage[] = [],
  words: SummaryWords = ENGLISH_SUMMARY,
): string | undefined {
  const tokens = tokenize(html);
  const sent = valuesByName(fields);
  const form = findForm(tokens, type, sent);
  if (!form) return undefined;
  const controls = refill(tokens, form, sent, messages.length === 0);
  if (messages.length > 0) {
    // A form that opened this answer in a tab of its own (the gift forms) is fixed and sent again in this tab.
    const opener = tokens[form.start] as Tag;
    if (attribute(opener, 'target') !== undefined) {
      removeAttribute(opener, 'target');
      removeAttribute(opener, 'rel');
    }
    const entries = markErrors(tokens, form, controls, messages);
    addSummary(tokens, form, entries, words.problem);
    const title = tokens.findIndex((token) => isTag(token, 'title'));
    const titleText = tokens[title + 1];
    if (title >= 0 && titleText?.kind === 'text') titleText.source = `${escapeHtml(words.error)}: ${titleText.source}`;
  }

  const dialog = enclosing(tokens, form.start, 'dialog');
  if (dialog >= 0) setAttribute(tokens[dialog] as Tag, 'open', '');

  plainIsland(tokens, form.start);
  return serialize(tokens);
}

/** Turns the island around the token at `inner` into plain markup, so no script renders it afresh over the answer. */
function plainIsland(tokens: Token[], inner: number): void {
  const island = enclosing(tokens, inner, 'astro-island');
  if (island < 0) return;
  const close = closingIndex(tokens, island);
  const opener = tokens[island] as Tag;
  opener.name = 'div';
  opener.attributes = [['class', 'form-answer']];
  opener.changed = true;
  if (close >= 0) Object.assign(tokens[close] as Tag, { name: 'div', changed: true });
}

/** Every form posting `type`, last first (so filling one never moves the others). */
function formsOf(tokens: readonly Token[], type: string): FormRange[] {
  const ranges: FormRange[] = [];
  for (let start = 0; start < tokens.length; start += 1) {
    if (!isTag(tokens[start], 'form')) continue;
    const end = closingIndex(tokens, start);
    if (end < 0) break;
    const posts = tokens
      .slice(start + 1, end)
      .some(
        (token) =>
          isTag(token, 'input') &&
          attribute(token, 'type') === 'hidden' &&
          attribute(token, 'name') === 'form' &&
          attribute(token, 'value') === type,
      );
    if (posts) ranges.push({ start, end });
    start = end;
  }
  return ranges.reverse();
}

/** True when the form holds the hidden field `name` with `value` (e.g. the child it is for). */
function holdsHidden(tokens: readonly Token[], form: FormRange, [name, value]: SentField): boolean {
  return tokens
    .slice(form.start + 1, form.end)
    .some(
      (token) =>
        isTag(token, 'input') &&
        attribute(token, 'type') === 'hidden' &&
        attribute(token, 'name') === name &&
        attribute(token, 'value') === value,
    );
}

/**
 * The page `html` with a choice made in every form posting `type` (the controls named in `fields`; the rest keep
 * what the page starts with), the dialog of the form holding the hidden field `open` shown, and every toggle button
 * with the attribute `pressed.attribute` pressed when its value is `pressed.value` (and only then). Undefined when
 * the page has no such form. Used where a page lists one form per item (a sponsorship form per child) and the
 * address chose for all of them.
 */
export function formsPageWith(
  html: string,
  type: string,
  fields: readonly SentField[],
  choices: { open?: SentField | undefined; pressed?: { attribute: string; value: string } | undefined } = {},
): string | undefined {
  const tokens = tokenize(html);
  const forms = formsOf(tokens, type);
  if (forms.length === 0) return undefined;
  const sent = valuesByName(fields);
  for (const form of forms) {
    refill(tokens, form, sent, true);
    const dialog =
      choices.open && holdsHidden(tokens, form, choices.open) ? enclosing(tokens, form.start, 'dialog') : -1;
    if (dialog >= 0) setAttribute(tokens[dialog] as Tag, 'open', '');
  }
  const { pressed } = choices;
  if (pressed) {
    for (const token of tokens) {
      if (token.kind !== 'tag' || token.closing || token.name !== 'button') continue;
      const value = attribute(token, pressed.attribute);
      if (value !== undefined) setAttribute(token, 'aria-pressed', String(value === pressed.value));
    }
  }
  plainIsland(tokens, forms[0]!.start);
  return serialize(tokens);
}

/** Fills the form's (empty) error summary with `entries`, focused when the page opens. */
function addSummary(tokens: Token[], form: FormRange, entries: readonly string[], problem: string): void {
  const list = `<h3 class="error-summary__title">${escapeHtml(problem)}</h3><ul class="error-summary__list">${entries.join('')}</ul>`;
  const summary = tokens.findIndex(
    (token, index) =>
      index > form.start &&
      token.kind === 'tag' &&
      !token.closing &&
      /\berror-summary\b/.test(attribute(token, 'class') ?? ''),
  );
  if (summary >= 0 && summary < form.end) {
    setAttribute(tokens[summary] as Tag, 'autofocus', '');
    tokens.splice(summary + 1, 0, { kind: 'text', source: list });
  } else {
    tokens.splice(form.start + 1, 0, {
      kind: 'text',
      source: `<div class="error-summary" role="alert" tabindex="-1" autofocus>${list}</div>`,
    });
  }
}

/** The page `html` with `query` set on the address of every link that has the attribute `marker`. */
export function withLinkQuery(html: string, marker: string, query: URLSearchParams): string {
  const tokens = tokenize(html);
  for (const token of tokens) {
    if (!isTag(token, 'a') || attribute(token, marker) === undefined) continue;
    const href = attribute(token, 'href');
    if (!href) continue;
    try {
      const url = new URL(href);
      for (const [name, value] of query) url.searchParams.set(name, value);
      setAttribute(token, 'href', url.toString());
    } catch {
      // Only absolute addresses (the payment page) carry choices; any other link stays as it is.
    }
  }
  return serialize(tokens);
}
