import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { type Invitation, MESSAGES } from '@wellbank/domain';
import { type FormEvent, useState, useTransition } from 'react';
import { useNavigate } from 'react-router';
import { PoliciesAgreementLabel } from '@/components/policy-links';
import { Button } from '@/components/ui/button';
import { CheckboxField } from '@/components/ui/checkbox-field';
import { ErrorBox } from '@/components/ui/error-box';
import { domainText } from '@/i18n/domain-text';
import { errorText } from '@/lib/platform/api-client';
import { HOME_PATH } from '@/lib/platform/return-path';
import { fullName, sessionFrom, setSession } from '@/lib/platform/session';
import { acceptTicket } from '../api/district-ticket';

/**
 * The school's open invitation that a district sign-in found (decision 0050): who is invited, as
 * what, and the privacy agreement as the invitation's sign-up page asks it. Agreeing signs the
 * person up without a password.
 */
export function DistrictInvitation({
  ticket,
  invitation,
}: {
  ticket: string;
  invitation: Invitation;
}) {
  const { i18n } = useLingui();
  const navigate = useNavigate();
  const [isPending, startTransition] = useTransition();
  const [agreementError, setAgreementError] = useState<string>();
  const [serverError, setServerError] = useState<string>();
  const { school, role } = invitation;
  const name = fullName(invitation);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!new FormData(event.currentTarget).get('privacy')) {
      setAgreementError(domainText(i18n, MESSAGES.mustAcceptPrivacy));
      return;
    }
    startTransition(async () => {
      try {
        setSession(sessionFrom(await acceptTicket(ticket)));
        navigate(HOME_PATH, { replace: true });
      } catch (error) {
        setServerError(errorText(error));
      }
    });
  };

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <h1 className="text-2xl font-bold">
        <Trans>Welcome to {school.name}!</Trans>
      </h1>
      <p className="text-slate-700">
        {role === 'staff' ? (
          <Trans>
            {name}, you are invited as a staff member. Agree to the policies to finish signing up.
          </Trans>
        ) : (
          <Trans>
            {name}, you are invited as a student. Agree to the policies to finish signing up.
          </Trans>
        )}
      </p>
      <CheckboxField
        name="privacy"
        label={<PoliciesAgreementLabel />}
        error={agreementError}
        onChange={() => setAgreementError(undefined)}
      />
      {serverError && <ErrorBox messages={[serverError]} />}
      <div className="grid grid-cols-2 gap-3">
        <Button variant="secondary" onClick={() => navigate('/login', { replace: true })}>
          <Trans>Cancel</Trans>
        </Button>
        <Button type="submit" disabled={isPending}>
          <Trans>Sign up</Trans>
        </Button>
      </div>
    </form>
  );
}
