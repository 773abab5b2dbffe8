import type { Language } from './languages.ts';

/**
 * Texts with values (decision 0034). The English sentence is built here from its ICU message, the
 * catalog's id ("{label} is required"), so the id and the English text cannot drift apart; the
 * translation boundary (`translateText`) reads the values back out of the English text and gives
 * them to the other language's message. Services and schemas keep throwing plain English strings.
 */

/** How a value is carried into another language: translated, formatted as a number or a date. */
export type SlotKind = 'text' | 'number' | 'date' | 'raw';

export interface TextTemplate {
  /** The catalog's message id: ICU with `{name}` and `{name, plural, one {…} other {…}}`. */
  readonly id: string;
  readonly slots: Readonly<Record<string, SlotKind>>;
  readonly pattern: RegExp;
}

export type TextValues = Record<string, string | number>;

const PLURAL = /\{(\w+), plural, one \{([^{}]*)\} other \{([^{}]*)\}\}/g;
const PLACEHOLDER = /\{(\w+)\}/g;

const templates: TextTemplate[] = [];

/** Every template defined so far, for the translation boundary and the catalog test. */
export function textTemplates(): readonly TextTemplate[] {
  return templates;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The regular expression that reads an English text of `id` back into its values. */
function patternOf(id: string, slots: Readonly<Record<string, SlotKind>>): RegExp {
  const seen = new Set<string>();
  // A name's first place captures it, a later one must repeat it; a plural's two forms capture
  // into `name__one` and `name__other` (readText merges them).
  const slot = (name: string, group = name) => {
    if (seen.has(name)) return `\\k<${name}>`;
    if (group === name) seen.add(name);
    return slots[name] === 'number' ? `(?<${group}>-?[\\d,]+)` : `(?<${group}>.+?)`;
  };
  let source = '';
  let rest = id;
  for (;;) {
    const plural = new RegExp(PLURAL.source).exec(rest);
    const head = plural ? rest.slice(0, plural.index) : rest;
    source += head
      .split(PLACEHOLDER)
      .map((piece, i) => (i % 2 === 1 ? slot(piece) : escapeRegExp(piece)))
      .join('');
    if (!plural) break;
    const [whole, name = '', one = '', other = ''] = plural;
    const form = (text: string, group: string) =>
      escapeRegExp(text).replace('#', slot(name, `${name}__${group}`));
    source += `(?:${form(one, 'one')}|${form(other, 'other')})`;
    rest = rest.slice(plural.index + whole.length);
  }
  return new RegExp(`^${source}$`, 's');
}

/**
 * A text with values. `id` is marked for extraction where it is written (`/*i18n*\/ '…'`);
 * `slots` says how each value crosses into another language (default: as it is).
 */
export function textTemplate(
  id: string,
  slots: Readonly<Record<string, SlotKind>> = {},
): TextTemplate {
  const template = { id, slots, pattern: patternOf(id, slots) };
  templates.push(template);
  return template;
}

/** The English text of a template: SPEC.md's wording, built from the message id. */
export function englishText(template: TextTemplate, values: TextValues): string {
  return template.id
    .replace(PLURAL, (_whole, name: string, one: string, other: string) => {
      const n = Number(String(values[name]).replaceAll(',', ''));
      return (n === 1 ? one : other).replace('#', String(values[name]));
    })
    .replace(PLACEHOLDER, (_whole, name: string) => String(values[name]));
}

/** The template and values behind an English text, or undefined for a text without values. */
export function readText(text: string): { template: TextTemplate; values: TextValues } | undefined {
  for (const template of templates) {
    const match = template.pattern.exec(text);
    if (!match?.groups) continue;
    const values: TextValues = {};
    for (const [group, value] of Object.entries(match.groups)) {
      if (value === undefined) continue;
      const name = group.replace(/__(one|other)$/, '');
      values[name] = template.slots[name] === 'number' ? Number(value.replaceAll(',', '')) : value;
    }
    return { template, values };
  }
  return undefined;
}

/** Who writes a text for a reader: their language and the translation of a text or template. */
export interface Speaker {
  readonly language: Language;
  t(text: string | TextTemplate, values?: TextValues): string;
}

/** English, the source: a text as it is, a template filled in. */
export const ENGLISH: Speaker = {
  language: 'en',
  t: (text, values = {}) => (typeof text === 'string' ? text : englishText(text, values)),
};
