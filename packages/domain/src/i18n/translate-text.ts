import { isoToLocalDate } from '../date-formats.ts';
import { usDateToIso } from '../dates.ts';
import { isLanguage } from './languages.ts';
import { readText, type TextValues } from './texts.ts';

/** What translation needs of a Lingui `I18n` (the web's instance or one of the server's). */
export interface Catalog {
  readonly locale: string;
  readonly messages: Readonly<Record<string, unknown>>;
  _(id: string, values?: Record<string, unknown>): string;
}

/**
 * A domain text in the catalog's language. The id of a domain message is its English text
 * (decision 0034), so an English text is looked up as it is; a text with values (`textTemplate`)
 * is read back into its template and values, and a value that is itself a text (a field's label)
 * is translated too. A text the catalog does not know stays English.
 */
export function translateText(catalog: Catalog, text: string): string {
  if (Object.hasOwn(catalog.messages, text)) return catalog._(text);
  const read = readText(text);
  if (!read || !Object.hasOwn(catalog.messages, read.template.id)) return text;
  const language = isLanguage(catalog.locale) ? catalog.locale : 'en';
  const values: TextValues = {};
  for (const [name, value] of Object.entries(read.values)) {
    const kind = read.template.slots[name];
    if (kind === 'text' && typeof value === 'string') values[name] = translateText(catalog, value);
    else if (kind === 'date' && typeof value === 'string') {
      const iso = usDateToIso(value);
      values[name] = iso ? isoToLocalDate(iso, language) : value;
    } else values[name] = value;
  }
  return catalog._(read.template.id, values);
}
