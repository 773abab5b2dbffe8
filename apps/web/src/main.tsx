import './lib/zod-jitless';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { initErrorReporting } from './lib/sentry';
import { applyThemeTokens } from './lib/theme';
import './index.css';

applyThemeTokens();
initErrorReporting();

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');

// A transition: React builds the first page in slices of a few milliseconds, yielding to the
// browser in between, rather than in one task that a slow phone spends 150 ms or more on; and
// it waits for the page's lazy code without a Suspense fallback (app/router.tsx).
startTransition(() => {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
