import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { MESSAGES } from '@wellbank/domain';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ErrorBox } from '@/components/ui/error-box';
import { StatusMessage } from '@/components/ui/status-message';
import { TextField } from '@/components/ui/text-field';
import { errorText } from '@/lib/platform/api-client';
import { lazyResolver, preloadResolvers } from '@/lib/platform/lazy-resolver';
import { useClearErrorsOnChange } from '@/lib/platform/use-clear-errors-on-change';
import { useForgotPassword } from '../api/forgot-password';

export function ForgotPasswordPage() {
  const navigate = useNavigate();
  const { i18n } = useLingui();
  const request = useForgotPassword();
  const form = useForm<{ email: string }>({
    resolver: lazyResolver('forgotPassword'),
    defaultValues: { email: '' },
    reValidateMode: 'onSubmit',
  });
  useClearErrorsOnChange(form, request.reset);

  return (
    <Card>
      <h1 className="mb-2 text-2xl font-bold">
        <Trans>Forgot password</Trans>
      </h1>
      <p className="mb-4 text-slate-700">
        <Trans>Enter your email and we will send you a link to choose a new password.</Trans>
      </p>
      <form
        noValidate
        onFocus={preloadResolvers}
        onSubmit={form.handleSubmit((values) => request.mutate(values))}
        className="flex flex-col gap-4"
      >
        <TextField
          label={<Trans>Email</Trans>}
          type="email"
          autoComplete="email"
          inputMode="email"
          error={form.formState.errors.email?.message}
          {...form.register('email')}
        />
        {request.isSuccess && (
          <StatusMessage>{i18n._(MESSAGES.forgotPasswordReceived)}</StatusMessage>
        )}
        {request.isError && <ErrorBox messages={[errorText(request.error)]} />}
        <div className="grid grid-cols-2 gap-3">
          <Button variant="secondary" onClick={() => navigate('/login')}>
            <Trans>Cancel</Trans>
          </Button>
          <Button type="submit" disabled={request.isPending}>
            <Trans>Submit</Trans>
          </Button>
        </div>
      </form>
    </Card>
  );
}
