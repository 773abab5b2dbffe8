import { Trans } from '@lingui/react/macro';
import { Navigate, useNavigate, useParams, useSearchParams } from 'react-router';
import { UserForm } from '@/components/forms/user-form';
import { Card } from '@/components/ui/card';
import { ErrorBox } from '@/components/ui/error-box';
import { Spinner } from '@/components/ui/spinner';
import { errorText } from '@/lib/platform/api-client';
import { useJoinSchool } from '../api/join';
import { useSchoolByCode } from '../api/schools';
import { UnpaidNotice } from '../components/lookup-parts';

export function JoinSchoolDetailPage() {
  const schoolId = useParams().schoolId ?? '';
  const code = useSearchParams()[0].get('code');
  const navigate = useNavigate();
  const school = useSchoolByCode(schoolId, code);
  const join = useJoinSchool();

  // Joining needs the code (DESIGN.md §1.5): without it, ask for it.
  if (code === null) return <Navigate to="/sign-up/join/schools" replace />;
  if (school.isPending) return <Spinner label={<Trans>Loading school...</Trans>} />;
  if (school.isError) return <ErrorBox messages={[errorText(school.error)]} />;

  return (
    <Card>
      <h1 className="mb-4 text-2xl font-bold">
        <Trans>Welcome to {school.data.name}!</Trans>
      </h1>
      {!school.data.subscription_active && (
        <div className="mb-4">
          <UnpaidNotice school={school.data.name} />
        </div>
      )}
      <UserForm
        mode="signup"
        pending={join.isPending}
        serverError={join.isError ? errorText(join.error) : undefined}
        clearServerError={join.reset}
        onCancel={() => navigate('/sign-up/join/schools')}
        onSubmit={(user) =>
          join.mutate(
            { schoolId, code, user },
            { onSuccess: () => navigate('/dashboard', { replace: true }) },
          )
        }
      />
    </Card>
  );
}
