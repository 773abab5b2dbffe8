import { I18nProvider } from '@lingui/react';
import { MESSAGES, requiredMessage, translateText } from '@wellbank/domain';
import { catalogOf } from '@wellbank/domain/i18n/server';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { setDomainTranslator } from '@/i18n/domain-text';
import { FieldMessage } from './field-message';

/** A schema's English message is shown in the active language (decision 0034). */
function shown(language: 'en' | 'es', message: string): string {
  const field = createElement(FieldMessage, { inputId: 'first-name', message });
  const html = renderToStaticMarkup(
    createElement(I18nProvider, { i18n: catalogOf(language) }, field),
  );
  return html.replace(/<[^>]+>/g, '');
}

describe('FieldMessage', () => {
  // What loading another language's catalogs does (i18n/language.ts).
  beforeAll(() => setDomainTranslator(translateText));

  it('shows a domain message, with its values, in Spanish when Spanish is active', () => {
    expect(shown('es', requiredMessage('First name'))).toBe('Nombre: falta este dato');
    expect(shown('es', MESSAGES.passwordsDoNotMatch)).toBe('Las contraseñas no coinciden');
  });

  it('shows SPEC.md’s English text as it is when English is active', () => {
    expect(shown('en', requiredMessage('First name'))).toBe('First name is required');
    expect(shown('en', MESSAGES.passwordsDoNotMatch)).toBe(MESSAGES.passwordsDoNotMatch);
  });
});
