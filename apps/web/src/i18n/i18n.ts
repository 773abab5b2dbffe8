import { i18n } from '@lingui/core';
import { compileMessage } from './compile-message';

/**
 * The web app's one Lingui instance (decision 0033). English has no catalog: the build keeps each
 * message's English text in the code that shows it (the macros' `descriptorFields: 'message'`,
 * vite.config.ts), so a page's English travels in that page's own lazy chunk, and untranslated
 * texts (the domain's, whose English is the id) are compiled on first use. Spanish loads its
 * catalogs on demand (./language.ts).
 */
i18n.setMessagesCompiler(compileMessage);
i18n.loadAndActivate({ locale: 'en', messages: {} });

export { i18n };
