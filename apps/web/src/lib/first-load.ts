/*
 * What a cold visit downloads, in one place. Read by vite.config.ts (index.html's landing
 * preload, landing-preload.ts), lib/shell-queries.ts (the signed-in frame's first GETs) and
 * scripts/measure-web-bundle.mjs (the budget, docs/decisions/0018-web-bundle-budget.md). Node
 * loads this file as it is for the latter two, hence no imports and erasable syntax only.
 */

/** GET /users/{id}: the signed-in user, which the frame shows on every page. */
export const userPath = (id: number | string) => `/users/${id}`;

/** GET /activities: today's activities, which the dashboard and the log menu read. */
export const TODAY_ACTIVITIES_PATH = '/activities';

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
