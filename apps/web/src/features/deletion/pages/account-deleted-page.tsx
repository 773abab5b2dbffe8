import { Trans, useLingui } from '@lingui/react/macro';
import { DELETION_MESSAGES } from '@wellbank/domain';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';

/** Where a deleted account lands, signed out (decision 0022). */
export function AccountDeletedPage() {
  const { i18n } = useLingui();
  return (
    <Card aria-labelledby="deleted-title" className="flex flex-col gap-4">
      <h1 id="deleted-title" className="text-2xl font-bold">
        <Trans>Account deleted</Trans>
      </h1>
      <p role="status" className="text-slate-700">
        {i18n._(DELETION_MESSAGES.accountDeleted)}
      </p>
      <Link to="/login" className={buttonClasses('secondary', 'self-start')}>
        <Trans>Back to sign in</Trans>
      </Link>
    </Card>
  );
}
