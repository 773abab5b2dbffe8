import { Trans } from '@lingui/react/macro';
import { useNavigate } from 'react-router';
import { Card } from '@/components/ui/card';
import { errorText } from '@/lib/platform/api-client';
import { useSchoolSignup } from '../api/school-signup';
import { SchoolSignupForm } from '../components/school-signup-form';

export function SchoolSignUpPage() {
  const navigate = useNavigate();
  const signup = useSchoolSignup();
  return (
    <Card>
      <h1 className="mb-1 text-2xl font-bold">
        <Trans>Sign up your school</Trans>
      </h1>
      <p className="mb-5 text-slate-700">
        <Trans>You will be the school's coordinator.</Trans>
      </p>
      <SchoolSignupForm
        pending={signup.isPending}
        serverError={signup.isError ? errorText(signup.error) : undefined}
        clearServerError={signup.reset}
        onCancel={() => navigate('/sign-up')}
        onSubmit={(body) =>
          signup.mutate(body, { onSuccess: () => navigate('/dashboard', { replace: true }) })
        }
      />
    </Card>
  );
}
