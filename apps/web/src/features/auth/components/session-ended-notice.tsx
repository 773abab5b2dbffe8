import { Trans } from '@lingui/react/macro';
import { Info } from 'lucide-react';
import { useEffect, useState } from 'react';
import { forgetSessionEnded, sessionHasEnded } from '@/lib/platform/session-ended';

/**
 * "Your session ended" on the login page after a 401 sent a signed-in user there (decision 0037);
 * nothing for someone who simply was not signed in. The live region is on the page first and the
 * sentence comes into it just after, since screen readers announce a change to a region, not a
 * region that arrives already filled. Leaving the login page (signed in, or elsewhere) forgets it.
 */
export function SessionEndedNotice() {
  const [ended] = useState(sessionHasEnded);
  const [mounted, setMounted] = useState(false);
  useEffect(() => {
    setMounted(true);
    return forgetSessionEnded;
  }, []);
  return (
    <div role="status">
      {ended && mounted && (
        <p className="mb-4 flex gap-3 rounded-xl border-2 border-slate-300 bg-slate-50 p-3 font-medium text-slate-800">
          <Info aria-hidden className="mt-0.5 size-5 shrink-0" />
          <Trans>Your session ended — please sign in again</Trans>
        </p>
      )}
    </div>
  );
}
