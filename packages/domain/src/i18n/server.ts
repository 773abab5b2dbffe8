import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { I18n } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { INTL_LOCALE, LANGUAGES, type Language } from './languages.ts';
import type { Speaker, TextTemplate, TextValues } from './texts.ts';
import { translateText } from './translate-text.ts';

/**
 * The server's side of the domain catalog (decision 0034): one Lingui instance per language,
 * loaded from packages/domain/locales/{language}.po at start-up (~30 ms for both), so the catalogs
 * that translators and `npm run i18n:extract` edit are the ones the API speaks; no compile step.
 */
const LOCALES_DIR = join(import.meta.dirname, '../../locales');

/** msgid → msgstr of a PO file as Lingui's extractor writes it (one entry per blank-line block). */
export function parsePo(text: string): Record<string, string> {
  const messages: Record<string, string> = {};
  for (const block of text.split(/\r?\n\r?\n/)) {
    let field: 'msgid' | 'msgstr' | undefined;
    const entry = { msgid: '', msgstr: '' };
    for (const line of block.split(/\r?\n/)) {
      const start = /^(msgid|msgstr) (".*")$/.exec(line);
      if (start) field = start[1] as 'msgid' | 'msgstr';
      const quoted = start ? start[2] : /^".*"$/.test(line) ? line : undefined;
      if (field && quoted !== undefined) entry[field] += JSON.parse(quoted) as string;
      else if (!line.startsWith('#')) field = undefined;
    }
    if (entry.msgid && entry.msgstr) messages[entry.msgid] = entry.msgstr;
  }
  return messages;
}

function loadCatalog(language: Language): I18n {
  const i18n = new I18n({});
  // The catalogs are compiled here, on load, whatever NODE_ENV says.
  i18n.setMessagesCompiler(compileMessage);
  const source = readFileSync(join(LOCALES_DIR, `${language}.po`), 'utf8');
  const locales = [INTL_LOCALE[language]];
  i18n.loadAndActivate({ locale: language, locales, messages: parsePo(source) });
  return i18n;
}

const catalogs = Object.fromEntries(LANGUAGES.map((l) => [l, loadCatalog(l)])) as Record<
  Language,
  I18n
>;

/** The catalog of a language, for a text that has no English string yet (a mail's line). */
export function catalogOf(language: Language): I18n {
  return catalogs[language];
}

/**
 * A domain text in `language`: an English text (MESSAGES.*, a schema's message, a text with
 * values) or a template and its values. English texts are returned as they are (SPEC.md's).
 */
export function translate(
  language: Language,
  text: string | { template: TextTemplate; values: TextValues },
): string {
  if (typeof text !== 'string') return catalogs[language]._(text.template.id, text.values);
  return language === 'en' ? text : translateText(catalogs[language], text);
}

/** The speaker of a language, for texts the server writes itself (mail, push). */
export function speakerOf(language: Language): Speaker {
  return {
    language,
    t: (text, values = {}) =>
      typeof text === 'string'
        ? translate(language, text)
        : translate(language, { template: text, values }),
  };
}
