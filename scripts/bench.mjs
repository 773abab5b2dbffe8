#!/usr/bin/env node
/**
 * `npm run bench`: seeds a throw-away database on the local PostgreSQL server and measures the
 * API under load, issue 4's server times, query plans and the web bundle (docs/performance.md).
 * The bench is TypeScript (scripts/bench/), run through tsx as the API itself is.
 */
import { register } from 'tsx/esm/api';

register();
await import('./bench/main.ts');
