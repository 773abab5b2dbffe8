import { Trans } from '@lingui/react/macro';
import { useMemo } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { UserForm } from '@/components/forms/user-form';
import { buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ErrorBox } from '@/components/ui/error-box';
import { Spinner } from '@/components/ui/spinner';
import { errorText } from '@/lib/platform/api-client';
import { useAcceptInvitation, useInvitation } from '../api/invitations';

/**
 * /sign-up/invite/{token}: the link a roster import e-mailed (decision 0030). The user sign-up
 * form, prefilled and already joined to the school: no school code.
 */
export function InviteSignUpPage() {
  const token = useParams().token ?? '';
  const navigate = useNavigate();
  const invitation = useInvitation(token);
  const accept = useAcceptInvitation();
  const initialValues = useMemo(
    () =>
      invitation.data && {
        first_name: invitation.data.first_name,
        last_name: invitation.data.last_name,
        email: invitation.data.email,
      },
    [invitation.data],
  );

  if (invitation.isPending) return <Spinner label={<Trans>Loading invitation...</Trans>} />;
  if (invitation.isError) {
    return (
      <Card className="flex flex-col gap-4">
        <h1 className="text-2xl font-bold">
          <Trans>Invitation</Trans>
        </h1>
        <ErrorBox messages={[errorText(invitation.error)]} />
        <Link to="/login" className={buttonClasses('secondary')}>
          <Trans>Go to login</Trans>
        </Link>
      </Card>
    );
  }
  const { school, role } = invitation.data;
  return (
    <Card>
      <h1 className="mb-2 text-2xl font-bold">
        <Trans>Welcome to {school.name}!</Trans>
      </h1>
      <p className="mb-4 text-slate-700">
        {role === 'staff' ? (
          <Trans>You are invited as a staff member. Choose a password to finish signing up.</Trans>
        ) : (
          <Trans>You are invited as a student. Choose a password to finish signing up.</Trans>
        )}
      </p>
      <UserForm
        mode="signup"
        initialValues={initialValues}
        emailReadOnly
        pending={accept.isPending}
        serverError={accept.isError ? errorText(accept.error) : undefined}
        clearServerError={accept.reset}
        onCancel={() => navigate('/login')}
        onSubmit={(user) =>
          accept.mutate(
            { token, user },
            { onSuccess: () => navigate('/dashboard', { replace: true }) },
          )
        }
      />
    </Card>
  );
}
