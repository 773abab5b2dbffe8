import { Trans } from '@lingui/react/macro';
import type { LoginInput } from '@wellbank/domain';
import { type FormEvent, lazy, Suspense, useRef, useState, useTransition } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ErrorBox } from '@/components/ui/error-box';
import { TextField } from '@/components/ui/text-field';
import { errorText } from '@/lib/platform/api-client';
import {
  type FieldErrorTexts,
  preloadResolvers,
  validateLazily,
} from '@/lib/platform/lazy-resolver';
import { returnPathFrom } from '@/lib/platform/return-path';
import { setSession } from '@/lib/platform/session';
import { login } from '../api/login';
import { SessionEndedNotice } from '../components/session-ended-notice';

/** The providers' list arrives after the first paint anyway: the buttons' code may too. */
const DistrictSignInButtons = lazy(async () => ({
  default: (await import('../components/district-sign-in-buttons')).DistrictSignInButtons,
}));

/**
 * The most visited public page keeps react-hook-form and TanStack Query out of its first load
 * (docs/decisions/0018-web-bundle-budget.md, 0019): two uncontrolled fields, validated on submit
 * by the same domain schema as the other forms, loaded on first focus, and the call in a React
 * transition.
 */
export function LoginPage() {
  const navigate = useNavigate();
  const { search } = useLocation();
  const [isPending, startTransition] = useTransition();
  const [errors, setErrors] = useState<FieldErrorTexts<LoginInput>>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    startTransition(async () => {
      const result = await validateLazily<LoginInput>('login', {
        email: String(data.get('email') ?? ''),
        password: String(data.get('password') ?? ''),
      });
      if (result.errors) {
        setErrors(result.errors);
        (result.errors.email ? emailRef : passwordRef).current?.focus();
        return;
      }
      setErrors({});
      try {
        setSession(await login(result.values));
        navigate(returnPathFrom(search), { replace: true });
      } catch (error) {
        setServerError(errorText(error));
      }
    });
  };

  // SPEC.md §5: changing any field clears earlier errors, the form's and the server's.
  const onChange = () => {
    setErrors((current) => (Object.keys(current).length === 0 ? current : {}));
    setServerError(null);
  };

  return (
    <Card>
      <SessionEndedNotice />
      <h1 className="mb-4 text-2xl font-bold">
        <Trans>Welcome back!</Trans>
      </h1>
      <form
        noValidate
        onFocus={preloadResolvers}
        onChange={onChange}
        onSubmit={onSubmit}
        className="flex flex-col gap-4"
      >
        <TextField
          ref={emailRef}
          name="email"
          label={<Trans>Email</Trans>}
          type="email"
          // The account's name for password managers (WCAG 3.3.8): the address is the username.
          autoComplete="username"
          inputMode="email"
          defaultValue=""
          error={errors.email}
        />
        <TextField
          ref={passwordRef}
          name="password"
          label={<Trans>Password</Trans>}
          type="password"
          autoComplete="current-password"
          defaultValue=""
          error={errors.password}
        />
        {serverError && <ErrorBox messages={[serverError]} />}
        <Button type="submit" disabled={isPending}>
          <Trans>Login</Trans>
        </Button>
        <Button variant="secondary" onClick={() => navigate('/sign-up')}>
          <Trans>Sign up</Trans>
        </Button>
        <Link
          to="/forgot-password"
          className="mx-auto inline-flex min-h-11 items-center rounded-lg px-2 font-semibold text-accent-strong underline underline-offset-4"
        >
          <Trans>Forgot password</Trans>
        </Link>
      </form>
      <Suspense fallback={null}>
        <DistrictSignInButtons />
      </Suspense>
    </Card>
  );
}
