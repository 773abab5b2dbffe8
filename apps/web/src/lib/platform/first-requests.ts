/*
 * The GETs the signed-in frame makes first on every page (lib/platform/shell-queries.ts), which
 * index.html's landing preload sends even earlier (lib/platform/first-load.ts). Apart from
 * first-load.ts so that the app's chunks do not carry its tables. No imports: Node loads this file
 * as it is.
 */

/** GET /users/{id}: the signed-in user, which the frame shows on every page. */
export const userPath = (id: number | string) => `/users/${id}`;

/** GET /activities: today's activities, which the dashboard and the log menu read. */
export const TODAY_ACTIVITIES_PATH = '/activities';
