import { TODAY_ACTIVITIES_PATH, userPath } from './first-requests.ts';

/*
 * What a cold visit downloads, in one place. Read by vite.config.ts (index.html's landing preload,
 * landing-preload.ts) and scripts/measure-web-bundle.mjs (the budget,
 * docs/decisions/0018-web-bundle-budget.md); the requests are those of
 * lib/platform/shell-queries.ts. Node loads this file as it is, hence the `.ts` import and erasable
 * syntax only.
 */

/**
 * The lazy modules app/router.tsx loads for a route, besides the entry (page modules as the
 * router imports them, relative to apps/web). A renamed module fails the build and the measure.
 */
export const ROUTE_MODULES = {
  '/login': ['src/features/auth/pages/login-page.tsx'],
  '/sign-up': ['src/features/sign-up/pages/role-chooser-page.tsx'],
  '/dashboard': [
    'src/app/layouts/query-layout.tsx',
    'src/features/shell/components/app-shell.tsx',
    'src/features/dashboard/pages/dashboard-page.tsx',
  ],
} as const;

/** Where a first visit lands: these paths show /dashboard signed in and /login signed out. */
export const LANDING_PAGES = {
  /** Paths whose first screen is one of the two below (their redirects in app/router.tsx). */
  paths: ['/', '/login', '/dashboard'],
  signedIn: {
    modules: ROUTE_MODULES['/dashboard'],
    /** GETs under /api/v1 the frame makes first; `{id}` is the signed-in user's id. */
    requests: [userPath('{id}'), TODAY_ACTIVITIES_PATH],
  },
  signedOut: { modules: ROUTE_MODULES['/login'] },
} as const;
