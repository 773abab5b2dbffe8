/** A catalog, compiled at build time by @lingui/vite-plugin. */
declare module '*.po' {
  import type { Messages } from '@lingui/core';

  export const messages: Messages;
}
