import { Trans } from '@lingui/react/macro';
import { hasRole, isFamilyCode, normalizeFamilyCode } from '@wellbank/domain';
import { useState } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { UserForm } from '@/components/forms/user-form';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ErrorBox } from '@/components/ui/error-box';
import { errorText } from '@/lib/platform/api-client';
import { loginPathFor } from '@/lib/platform/return-path';
import { useSession } from '@/lib/platform/session';
import { useFamilySignUp, useLinkChild } from '../api/family';
import { FamilyCodeField } from '../components/family-code-field';

/**
 * `/family/link?code=…`, the family letter's QR link (decision 0075): a parent signs up as family
 * with the code, or, signed in as family already, links one more child. Signed in or not.
 */
export function FamilyLinkPage() {
  const [search] = useSearchParams();
  const [code, setCode] = useState(search.get('code') ?? '');
  const session = useSession();
  // Here, not in the form: the session it stores unmounts the form before its callbacks run.
  const signUp = useFamilySignUp();
  const here = `/family/link?${new URLSearchParams({ code })}`;
  if (signUp.isSuccess) return <Navigate to="/family" replace />;

  return (
    <Card className="flex flex-col gap-4">
      <h1 className="text-2xl font-bold">
        <Trans>Link to your child in Wellbank</Trans>
      </h1>
      <p className="text-slate-700">
        <Trans>
          With the family code from your child’s school letter you see your child’s wellness days.
          Never their stress answers: those stay your child’s own.
        </Trans>
      </p>
      <FamilyCodeField value={code} onChange={setCode} />
      {!session && <SignUpWithCode code={code} signUp={signUp} />}
      {!session && (
        <p>
          <Trans>Already have a family account?</Trans>{' '}
          <Link to={loginPathFor(here)} className="font-semibold text-accent-strong underline">
            <Trans>Sign in</Trans>
          </Link>
        </p>
      )}
      {session && hasRole(session, 'guardian') && <LinkSignedIn code={code} />}
      {session && !hasRole(session, 'guardian') && (
        <p className="font-semibold">
          <Trans>
            You are signed in with an account that is not a family account. Sign out, then sign up
            as a family member with this code.
          </Trans>
        </p>
      )}
    </Card>
  );
}

function SignUpWithCode({
  code,
  signUp,
}: {
  code: string;
  signUp: ReturnType<typeof useFamilySignUp>;
}) {
  const navigate = useNavigate();
  return (
    <>
      <h2 className="text-xl font-bold">
        <Trans>Create your family account</Trans>
      </h2>
      <UserForm
        mode="signup"
        pending={signUp.isPending}
        serverError={signUp.isError ? errorText(signUp.error) : undefined}
        clearServerError={signUp.reset}
        onCancel={() => navigate('/login')}
        onSubmit={(user) => signUp.mutate({ code, user })}
      />
    </>
  );
}

function LinkSignedIn({ code }: { code: string }) {
  const navigate = useNavigate();
  const link = useLinkChild();
  const ready = isFamilyCode(normalizeFamilyCode(code));
  return (
    <>
      <Button
        disabled={!ready || link.isPending}
        onClick={() => link.mutate(code, { onSuccess: () => navigate('/family') })}
      >
        <Trans>Link this child</Trans>
      </Button>
      {link.isError && <ErrorBox messages={[errorText(link.error)]} />}
    </>
  );
}
