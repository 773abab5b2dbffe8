import { Trans } from '@lingui/react/macro';
import { TriangleAlert } from 'lucide-react';

/** What the child sees after a render error (reported by RouteErrorBoundary, SPEC.md §8). */
export function RootError() {
  return (
    <main className="mx-auto flex min-h-dvh max-w-md flex-col items-center justify-center gap-4 p-6 text-center">
      <TriangleAlert aria-hidden className="size-12 text-light-red" />
      <h1 className="text-2xl font-bold">
        <Trans>Oops, something went wrong</Trans>
      </h1>
      <p className="text-slate-700">
        <Trans>Please try again. If it keeps happening, tell a grown-up.</Trans>
      </p>
      <a
        href="/dashboard"
        className="inline-flex min-h-11 items-center rounded-xl bg-accent px-5 font-semibold text-white"
      >
        <Trans>Go home</Trans>
      </a>
    </main>
  );
}
