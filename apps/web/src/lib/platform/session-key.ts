/**
 * The localStorage key of the session in a build mode (SPEC.md §3: the key includes the
 * environment; DESIGN.md §1.0). lib/platform/session.ts, index.html's landing preload
 * (vite.config.ts) and the browser tests' signed-in states read it from here. No imports: Node
 * loads this file as it is.
 */
export function sessionKey(mode: string): string {
  return `wellbank.session.${mode}`;
}
