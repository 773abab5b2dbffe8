import { HeartPulse } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useAfterFirstPaint } from '@/lib/platform/after-first-paint';
import { returnPathFrom } from '@/lib/platform/return-path';
import { useSession } from '@/lib/platform/session';

/** Below the page's content: it comes after the first paint, out of the first download. */
const LanguageSwitch = lazy(async () => ({
  default: (await import('@/components/language-switch')).LanguageSwitch,
}));

/**
 * SPEC.md §2 public group: a signed-in user goes to the dashboard, or to the page /login was asked
 * to return to (decision 0037): the login page's own navigation and this one race when the
 * session is stored, so both must go to the same place. `signedInStays`: a page of the public
 * frame that a signed-in user may see too (/login/district, which a link from /profile ends on)
 * and that navigates by itself. `wide`: a page for a classroom's screen (a class's names) that
 * uses a desk's width.
 */
export function PublicLayout({
  signedInStays = false,
  wide = false,
}: {
  signedInStays?: boolean;
  wide?: boolean;
}) {
  const session = useSession();
  const { search } = useLocation();
  const languageSwitchReady = useAfterFirstPaint();
  if (session && !signedInStays) return <Navigate to={returnPathFrom(search)} replace />;
  return (
    <div
      className={`mx-auto flex min-h-dvh w-full flex-col px-4 pt-6 pb-10 ${wide ? 'max-w-md lg:max-w-5xl' : 'max-w-md'}`}
    >
      <p className="mb-5 flex items-center justify-center gap-2 text-2xl font-extrabold text-accent-strong">
        <HeartPulse aria-hidden className="size-8" />
        Wellbank
      </p>
      <main className="flex flex-col gap-4">
        <Outlet />
      </main>
      {languageSwitchReady && (
        <Suspense fallback={null}>
          <LanguageSwitch className="mt-6" />
        </Suspense>
      )}
    </div>
  );
}
