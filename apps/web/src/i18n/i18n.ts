import { i18n } from '@lingui/core';
import { messages as domainEnglish } from '../../../../packages/domain/locales/en.po';
import { messages as webEnglish } from '../locales/en.po';

/**
 * The web app's one Lingui instance (decision 0033): the domain's catalog (validation and API
 * texts) and the web's own, in one table. English is built in; other languages load on demand.
 */
i18n.loadAndActivate({ locale: 'en', messages: { ...domainEnglish, ...webEnglish } });

export { i18n };
