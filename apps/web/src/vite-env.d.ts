/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Sentry DSN for render-error reports; unset disables reporting (and its download). */
  readonly VITE_SENTRY_DSN?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
