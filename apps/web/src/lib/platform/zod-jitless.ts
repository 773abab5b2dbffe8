// Zod compiles object parsers with `new Function` where it may, and probes for that when a schema
// is built; under the server's CSP (no 'unsafe-eval', decision 0006) the probe alone is reported
// as a violation. Forms parse a handful of fields: the interpreted parser is fast enough. Zod
// keeps its settings in this global and adopts one that exists (zod/v4/core/core.js), so the
// switch costs no bytes of zod in the entry (importing its `config` would add 3.7 kB gzip to
// /login); the CSP guard of the browser tests fails if a zod update stops reading it. First
// import of main.tsx, so it runs before any module builds a schema.
const scope = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
scope.__zod_globalConfig ??= {};
scope.__zod_globalConfig.jitless = true;
