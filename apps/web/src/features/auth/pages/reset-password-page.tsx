import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { MESSAGES } from '@wellbank/domain';
import { useForm } from 'react-hook-form';
import { useNavigate, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ErrorBox } from '@/components/ui/error-box';
import { TextField } from '@/components/ui/text-field';
import { errorText } from '@/lib/platform/api-client';
import { lazyResolver, preloadResolvers } from '@/lib/platform/lazy-resolver';
import { useClearErrorsOnChange } from '@/lib/platform/use-clear-errors-on-change';
import { useResetPassword } from '../api/reset-password';

export function ResetPasswordPage() {
  const navigate = useNavigate();
  const { i18n } = useLingui();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const email = params.get('email') ?? '';
  const reset = useResetPassword();
  const form = useForm<{ password: string; password_confirmation: string }>({
    resolver: lazyResolver('resetPassword'),
    defaultValues: { password: '', password_confirmation: '' },
    reValidateMode: 'onSubmit',
  });
  useClearErrorsOnChange(form, reset.reset);
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((values) =>
    reset.mutate(
      { token, email, ...values },
      { onSuccess: () => navigate('/dashboard', { replace: true }) },
    ),
  );

  return (
    <Card>
      <h1 className="mb-2 text-2xl font-bold">
        <Trans>Choose a new password</Trans>
      </h1>
      {email && (
        <p className="mb-4 break-words text-slate-700">
          <Trans>For {email}</Trans>
        </p>
      )}
      <form
        noValidate
        onFocus={preloadResolvers}
        onSubmit={onSubmit}
        className="flex flex-col gap-4"
      >
        {/* Which account the new password is for, for a password manager (WCAG 3.3.8). */}
        <input type="email" autoComplete="username" value={email} readOnly hidden />
        <TextField
          label={<Trans>Password</Trans>}
          type="password"
          autoComplete="new-password"
          error={errors.password?.message}
          {...form.register('password')}
        />
        <TextField
          label={<Trans>Password confirmation</Trans>}
          type="password"
          autoComplete="new-password"
          error={errors.password_confirmation?.message}
          {...form.register('password_confirmation')}
        />
        {!(token && email) && <ErrorBox messages={[i18n._(MESSAGES.resetLinkInvalid)]} />}
        {reset.isError && <ErrorBox messages={[errorText(reset.error)]} />}
        <div className="grid grid-cols-2 gap-3">
          <Button variant="secondary" onClick={() => navigate('/login')}>
            <Trans>Cancel</Trans>
          </Button>
          <Button type="submit" disabled={reset.isPending || !(token && email)}>
            <Trans>Submit</Trans>
          </Button>
        </div>
      </form>
    </Card>
  );
}
