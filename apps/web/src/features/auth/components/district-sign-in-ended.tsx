import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';

/**
 * A district sign-in that signed nobody in: a title, what happened and what to do, and the way
 * back to the login page, where the password form and the buttons are.
 */
export function DistrictSignInEnded({
  title,
  children,
}: {
  title: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-2xl font-bold">{title}</h1>
      {children}
      <Link to="/login" replace className={buttonClasses('primary')}>
        <Trans>Back to login</Trans>
      </Link>
    </div>
  );
}
