import { Trans } from '@lingui/react/macro';
import { normaliseEmail } from '@wellbank/domain';
import { type ReactNode, useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { PoliciesAgreementLabel } from '@/components/policy-links';
import { Button } from '@/components/ui/button';
import { CheckboxField } from '@/components/ui/checkbox-field';
import { ErrorBox } from '@/components/ui/error-box';
import { TextField } from '@/components/ui/text-field';
import { lazyResolver, preloadResolvers } from '@/lib/platform/lazy-resolver';
import { useClearErrorsOnChange } from '@/lib/platform/use-clear-errors-on-change';

interface UserFormValues {
  first_name: string;
  last_name: string;
  email: string;
  password: string;
  verify_password: string;
  /** Update mode, with a new password or a new address only. */
  current_password: string;
  privacy: boolean;
}

/** What the form sends as `{user: …}`; the passwords are left out when an update keeps them. */
export interface UserBody {
  first_name: string;
  last_name: string;
  /** Left out by an account without an address that adds none (decision 0063). */
  email?: string;
  password?: string;
  verify_password?: string;
  current_password?: string;
}

interface UserFormProps {
  mode: 'signup' | 'update';
  /** `email: null`: a student without an address (decision 0063), who may add one. */
  initialValues?: Partial<Pick<UserFormValues, 'first_name' | 'last_name'>> & {
    email?: string | null;
  };
  onSubmit: (user: UserBody) => void;
  pending: boolean;
  serverError?: string;
  clearServerError: () => void;
  onCancel?: () => void;
  status?: ReactNode;
  /** An invitation's sign-up: the e-mail is the one the invitation was sent to. */
  emailReadOnly?: boolean;
}

const empty: UserFormValues = {
  first_name: '',
  last_name: '',
  email: '',
  password: '',
  verify_password: '',
  current_password: '',
  privacy: false,
};

function toBody(
  values: UserFormValues,
  mode: UserFormProps['mode'],
  currentEmail: string | null,
): UserBody {
  const { privacy: _privacy, current_password, ...user } = values;
  if (mode === 'signup') return user;
  if (currentEmail === null) {
    // No address, so no password either: the first address is proved by the link mailed to it.
    const { first_name, last_name, email } = user;
    return email ? { first_name, last_name, email } : { first_name, last_name };
  }
  const proof = user.email !== currentEmail ? { current_password } : {};
  if (!user.password) {
    const { password: _p, verify_password: _v, ...names } = user;
    return { ...names, ...proof };
  }
  return { ...user, current_password };
}

function emailHint(readOnly: boolean | undefined, noEmail: boolean): ReactNode {
  if (readOnly) return <Trans>The address your invitation was sent to.</Trans>;
  if (noEmail) {
    return (
      <Trans>
        No e-mail address. You may add one: we send it a link, and once it is followed you can also
        sign in with it.
      </Trans>
    );
  }
  return undefined;
}

/** The user sign-up form (join a school or a team) and, in update mode, the profile form. */
export function UserForm(props: UserFormProps) {
  const { mode, initialValues, pending, serverError, clearServerError } = props;
  const currentEmail = initialValues?.email === null ? null : (initialValues?.email ?? '');
  const noEmail = currentEmail === null;
  const startValues = { ...empty, ...initialValues, email: currentEmail ?? '' };
  const form = useForm<UserFormValues>({
    resolver: lazyResolver(mode === 'signup' ? 'userSignup' : 'userUpdate'),
    context: { currentEmail },
    defaultValues: startValues,
    reValidateMode: 'onSubmit',
  });
  useClearErrorsOnChange(form, clearServerError);
  const { errors } = form.formState;

  useEffect(() => {
    if (initialValues) form.reset({ ...empty, ...initialValues, email: initialValues.email ?? '' });
  }, [form, initialValues]);

  const onSubmit = form.handleSubmit((values) =>
    props.onSubmit(toBody(values, mode, currentEmail)),
  );
  const isUpdate = mode === 'update';
  // A new password or address needs the current password (the server checks it), so the field
  // shows only then.
  const emailChanges = !noEmail && normaliseEmail(form.watch('email')) !== currentEmail;
  const asksCurrentPassword = isUpdate && (Boolean(form.watch('password')) || emailChanges);

  return (
    <form noValidate onFocus={preloadResolvers} onSubmit={onSubmit} className="flex flex-col gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={<Trans>First name</Trans>}
          autoComplete="given-name"
          error={errors.first_name?.message}
          {...form.register('first_name')}
        />
        <TextField
          label={<Trans>Last name</Trans>}
          autoComplete="family-name"
          error={errors.last_name?.message}
          {...form.register('last_name')}
        />
      </div>
      <TextField
        label={<Trans>Email</Trans>}
        type="email"
        inputMode="email"
        // The sign-in name a password manager saves with the new password (WCAG 3.3.8).
        autoComplete="username"
        readOnly={props.emailReadOnly}
        hint={emailHint(props.emailReadOnly, noEmail)}
        error={errors.email?.message}
        {...form.register('email')}
      />
      {/* Without an address there is no password to keep or change: "Forgot password" to the
          confirmed address sets the first one (decision 0063). */}
      {!noEmail && (
        <>
          <TextField
            label={<Trans>Password</Trans>}
            type="password"
            autoComplete="new-password"
            hint={isUpdate ? <Trans>Leave empty to keep your current password.</Trans> : undefined}
            error={errors.password?.message}
            {...form.register('password')}
          />
          <TextField
            label={<Trans>Verify password</Trans>}
            type="password"
            autoComplete="new-password"
            error={errors.verify_password?.message}
            {...form.register('verify_password')}
          />
        </>
      )}
      {asksCurrentPassword && (
        <TextField
          label={<Trans>Current password</Trans>}
          type="password"
          autoComplete="current-password"
          hint={<Trans>Needed to change your password or email.</Trans>}
          error={errors.current_password?.message}
          {...form.register('current_password')}
        />
      )}
      {!isUpdate && (
        <CheckboxField
          label={<PoliciesAgreementLabel />}
          error={errors.privacy?.message}
          {...form.register('privacy')}
        />
      )}
      {props.status}
      {serverError && <ErrorBox messages={[serverError]} />}
      <div className={props.onCancel ? 'grid grid-cols-2 gap-3' : 'grid'}>
        {props.onCancel && (
          <Button variant="secondary" onClick={props.onCancel}>
            <Trans>Cancel</Trans>
          </Button>
        )}
        <Button type="submit" disabled={pending}>
          {isUpdate ? <Trans>Update</Trans> : <Trans>Sign up</Trans>}
        </Button>
      </div>
    </form>
  );
}
