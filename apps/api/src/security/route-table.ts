import { API_PREFIX, type WellbankApp } from '../app.ts';

/**
 * A route as the suites write it: `METHOD /path/{param}`, the path below /api/v1, or
 * `METHOD @/path` for a route at the root, outside the API (the operations routes: /healthz…).
 */
export type Route = `${'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'} ${'' | '@'}/${string}`;

/** How the suites mark a path outside /api/v1. */
const ROOT_MARK = '@';

/** A route at the root (the operations routes), which no session and no payment gate guards. */
export function isRootRoute(route: string): boolean {
  return route.slice(route.indexOf(' ') + 1).startsWith(ROOT_MARK);
}

/**
 * The route with every path parameter written `{}`, whatever its name: the suites write them as
 * OpenAPI does (`/users/{id}`), Fastify's table as `:id` (and, where two routes share a node,
 * `:id|:schoolId`), and both must compare equal.
 */
export function routeKey(route: string): string {
  return route.replace(/\{[^}]+\}/g, '{}').replace(/:[A-Za-z_]+(\|:[A-Za-z_]+)*/g, '{}');
}

/**
 * Every route the app serves (the API's and those at the root), read from Fastify's own table, so a route added later
 * shows up here without anyone listing it. HEAD is left out: Fastify derives it from each GET.
 */
export function listRoutes(app: WellbankApp): string[] {
  const keys: string[] = [];
  const pathAtDepth: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    // Tree lines look like `│   ├── /segment (GET, HEAD)`: four characters per level.
    const match = /^((?:[│ ] {3})*)[├└]── (\S+)(?: \(([^)]*)\))?$/.exec(line);
    if (!match) continue;
    const depth = (match[1] ?? '').length / 4;
    pathAtDepth.length = depth;
    const path = `${pathAtDepth.join('')}${match[2]}`;
    pathAtDepth.push(match[2] ?? '');
    for (const method of (match[3] ?? '').split(', ')) {
      if (!method || method === 'HEAD') continue;
      const apiPath = path.startsWith(API_PREFIX)
        ? path.slice(API_PREFIX.length)
        : `${ROOT_MARK}${path}`;
      keys.push(routeKey(`${method} ${apiPath}`));
    }
  }
  return keys.sort();
}

/**
 * The URL of a route with its parameters filled in, escaped unless they already are (the fuzzer
 * sends segments that are deliberately not escaped right).
 */
export function routeUrl(
  route: Route,
  params: Record<string, string | number> = {},
  options = { escaped: false },
): string {
  const path = route.slice(route.indexOf(' ') + 1);
  const url = path.startsWith(ROOT_MARK) ? path.slice(ROOT_MARK.length) : `${API_PREFIX}${path}`;
  return url.replace(/\{(\w+)\}/g, (_whole, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${route}: no value for {${name}}`);
    return options.escaped ? String(value) : encodeURIComponent(String(value));
  });
}

export function routeMethod(route: Route) {
  return route.slice(0, route.indexOf(' ')) as 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
}
