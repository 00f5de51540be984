/**
 * What in a sponsor's letter looks like a way to reach the child or the sponsor outside the charity: phone numbers,
 * email addresses, web addresses, social handles, street or postal addresses, and surnames. Staff see each finding
 * highlighted and must remove or confirm it before the letter is approved; the server screens the approved text again.
 */

/** What a finding looks like. */
export type FindingKind = 'phone' | 'email' | 'url' | 'handle' | 'address' | 'surname';

/** One finding: its kind, the text found and where it starts and ends in the letter. */
export interface Finding {
  readonly kind: FindingKind;
  readonly text: string;
  readonly start: number;
  readonly end: number;
}

/** How each kind is named to staff. */
export const FINDING_LABELS: Readonly<Record<FindingKind, string>> = {
  phone: 'Phone number',
  email: 'Email address',
  url: 'Web address',
  handle: 'Social media handle',
  address: 'Street or postal address',
  surname: 'Surname',
};

const PATTERNS: readonly (readonly [FindingKind, RegExp])[] = [
  ['email', /[\p{L}\p{N}._%+-]+\s*(?:@|\(at\)|\[at\])\s*[\p{L}\p{N}-]+(?:\s*(?:\.|\(dot\)|\[dot\])\s*[\p{L}]{2,})+/giu],
  ['url', /\b(?:https?:\/\/|www\.)\S+|\b[\p{L}\p{N}-]+\.(?:com|org|net|co\.ke|ke|uk|io|me|info|app)(?:\/\S*)?\b/giu],
  // Seven or more digits, possibly split by spaces, dots or dashes, with an optional country code.
  ['phone', /(?:\+|\b00)?\d(?:[\s.-]?\(?\d\)?){6,14}\b/g],
  [
    'handle',
    /(?<![\p{L}\p{N}._%+-])@[\p{L}\p{N}_.]{2,30}|\b(?:instagram|facebook|tiktok|twitter|snapchat|whatsapp|telegram|signal|linkedin|youtube)\b/giu,
  ],
  [
    'address',
    /\bP\.?\s?O\.?\s?Box\s*\d+|\b\d+[A-Za-z]?\s+(?:[A-Z][\p{L}'-]+\s+){1,3}(?:Street|St|Road|Rd|Avenue|Ave|Lane|Ln|Drive|Dr|Close|Crescent|Way|Place|Court|Gardens)\b\.?/gu,
  ],
];

/** Every finding of `text`, in order; `surnames` are names (the child's and the sponsor's) the letter must not hold. */
export function screenLetter(text: string, surnames: readonly string[] = []): Finding[] {
  const findings: Finding[] = [];
  const taken = (start: number, end: number) => findings.some((found) => start < found.end && end > found.start);
  for (const [kind, pattern] of PATTERNS) {
    for (const match of text.matchAll(pattern)) {
      const start = match.index;
      const end = start + match[0].length;
      if (!taken(start, end)) findings.push({ kind, text: match[0], start, end });
    }
  }
  for (const surname of surnames) {
    if (surname.length < 2) continue;
    const pattern = new RegExp(`(?<![\\p{L}])${surname.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\p{L}])`, 'giu');
    for (const match of text.matchAll(pattern)) {
      const start = match.index;
      const end = start + match[0].length;
      if (!taken(start, end)) findings.push({ kind: 'surname', text: match[0], start, end });
    }
  }
  return findings.sort((a, b) => a.start - b.start);
}

/** The surnames a letter between `sponsorName` and the child `childName` must not hold: all but each first name. */
export function surnamesOf(...names: readonly string[]): string[] {
  return [...new Set(names.flatMap((name) => name.trim().split(/\s+/).slice(1)))];
}

/** The findings of `text` staff have not confirmed as harmless (by their text, case aside). */
export function unconfirmed(findings: readonly Finding[], confirmed: readonly string[]): Finding[] {
  const fine = new Set(confirmed.map((text) => text.trim().toLowerCase()));
  return findings.filter((finding) => !fine.has(finding.text.trim().toLowerCase()));
}
