import { type I18n, setupI18n } from '@lingui/core';
import { compileMessage } from './compile-message';
import { messagesOf } from './language';
import type { Language } from './languages';

/**
 * A Lingui instance in one language, whatever the app shows: a printed page for a family that
 * reads another language than the staff member printing it (the family letter, decision 0075).
 */
export async function i18nIn(language: Language): Promise<I18n> {
  const instance = setupI18n();
  instance.setMessagesCompiler(compileMessage);
  instance.loadAndActivate({ locale: language, messages: await messagesOf(language) });
  return instance;
}
