import './lib/platform/zod-jitless';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { activateLanguage, startLanguage } from './i18n/language';
import { applyThemeTokens } from './lib/day/theme';
import { initErrorReporting } from './lib/platform/sentry';
import './index.css';

applyThemeTokens();
initErrorReporting();

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');

// The page's language first (decision 0033): instant for English; Spanish waits for its catalogs,
// so no English flashes. If they cannot download, the page shows in English.
const languageReady = startLanguage().catch(() => activateLanguage('en'));

// A transition: React builds the first page in slices of a few milliseconds, yielding to the
// browser in between, rather than in one task that a slow phone spends 150 ms or more on; and
// it waits for the page's lazy code without a Suspense fallback (app/router.tsx).
void languageReady.then(() => {
  startTransition(() => {
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
});
