import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import {
  CONSENT_STATEMENTS,
  DEFAULT_TIME_ZONE,
  MESSAGES,
  type SchoolSignupRequest,
  TIME_ZONES,
} from '@wellbank/domain';
import { useEffect, useState } from 'react';
import { type UseFormReturn, useForm } from 'react-hook-form';
import { PoliciesAgreementLabel } from '@/components/policy-links';
import { Button } from '@/components/ui/button';
import { CheckboxField } from '@/components/ui/checkbox-field';
import { ErrorBox } from '@/components/ui/error-box';
import { SelectField } from '@/components/ui/select-field';
import { TextField } from '@/components/ui/text-field';
import { lazyResolver, preloadResolvers } from '@/lib/platform/lazy-resolver';
import { useClearErrorsOnChange } from '@/lib/platform/use-clear-errors-on-change';
import { FormSection } from './form-section';

interface SchoolSignupFormProps {
  onSubmit: (body: SchoolSignupRequest) => void;
  onCancel: () => void;
  pending: boolean;
  serverError?: string;
  clearServerError: () => void;
}

const defaultValues = {
  school: {
    name: '',
    code: '',
    time_zone: DEFAULT_TIME_ZONE,
    contact_name: '',
    contact_email: '',
    contact_phone: '',
    address: '',
    city: '',
    state: '',
    zip_code: '',
  },
  user: { first_name: '', last_name: '', email: '', password: '', password_confirmation: '' },
};

const TAKEN_FIELDS: Record<string, 'school.code' | 'user.email'> = {
  [MESSAGES.schoolCodeTaken]: 'school.code',
  [MESSAGES.emailTaken]: 'user.email',
};

/** The contact's name (first word, then the rest) and e-mail as the coordinator's. */
function fillCoordinatorFromContact(form: UseFormReturn<SchoolSignupRequest>): void {
  const { contact_name, contact_email } = form.getValues('school');
  const [first = '', ...rest] = contact_name.trim().split(/\s+/);
  form.setValue('user.first_name', first);
  form.setValue('user.last_name', rest.join(' '));
  form.setValue('user.email', contact_email.trim());
}

export function SchoolSignupForm(props: SchoolSignupFormProps) {
  const { pending, serverError, clearServerError } = props;
  const { i18n } = useLingui();
  const [consent, setConsent] = useState(false);
  const [privacy, setPrivacy] = useState(false);
  const [coordinatorIsContact, setCoordinatorIsContact] = useState(false);
  const form = useForm<SchoolSignupRequest>({
    resolver: lazyResolver('schoolSignup'),
    defaultValues,
    reValidateMode: 'onSubmit',
  });
  useClearErrorsOnChange(form, clearServerError);
  // A taken code or e-mail is the server's answer about one field: say it there too, and go there.
  useEffect(() => {
    const field = serverError && TAKEN_FIELDS[serverError];
    if (field) form.setError(field, { message: serverError }, { shouldFocus: true });
  }, [serverError, form]);
  const school = form.formState.errors.school;
  const user = form.formState.errors.user;

  return (
    <form
      noValidate
      onFocus={preloadResolvers}
      onSubmit={form.handleSubmit(props.onSubmit)}
      className="flex flex-col gap-5"
    >
      <FormSection legend="School">
        <TextField
          label={<Trans>School name</Trans>}
          autoComplete="organization"
          error={school?.name?.message}
          {...form.register('school.name')}
        />
        <TextField
          label={<Trans>School code</Trans>}
          hint={
            <Trans>6 letters or numbers that students and staff type to join your school.</Trans>
          }
          autoCapitalize="characters"
          maxLength={6}
          error={school?.code?.message}
          {...form.register('school.code')}
        />
        <SelectField
          label={<Trans>Time zone</Trans>}
          options={TIME_ZONES.map((zone) => ({ ...zone, label: i18n._(zone.label) }))}
          error={school?.time_zone?.message}
          {...form.register('school.time_zone')}
        />
        <TextField
          label={<Trans>Address</Trans>}
          autoComplete="street-address"
          error={school?.address?.message}
          {...form.register('school.address')}
        />
        <TextField
          label={<Trans>City</Trans>}
          autoComplete="address-level2"
          error={school?.city?.message}
          {...form.register('school.city')}
        />
        <div className="grid grid-cols-2 gap-3">
          <TextField
            label={<Trans>State</Trans>}
            autoComplete="address-level1"
            error={school?.state?.message}
            {...form.register('school.state')}
          />
          <TextField
            label={<Trans>ZIP code</Trans>}
            autoComplete="postal-code"
            inputMode="numeric"
            error={school?.zip_code?.message}
            {...form.register('school.zip_code')}
          />
        </div>
      </FormSection>

      <FormSection legend="Contact">
        <TextField
          label={<Trans>Contact name</Trans>}
          autoComplete="name"
          error={school?.contact_name?.message}
          {...form.register('school.contact_name')}
        />
        <TextField
          label={<Trans>Contact email</Trans>}
          type="email"
          inputMode="email"
          autoComplete="email"
          error={school?.contact_email?.message}
          {...form.register('school.contact_email')}
        />
        <TextField
          label={<Trans>Contact phone</Trans>}
          type="tel"
          autoComplete="tel"
          error={school?.contact_phone?.message}
          {...form.register('school.contact_phone')}
        />
      </FormSection>

      <FormSection legend="Coordinator">
        {/* WCAG 2.2 3.3.7: the contact is often the coordinator, whose name and address were
            just typed; one tap fills them in (and they stay editable). */}
        <CheckboxField
          label={<Trans>I am the contact above: use my name and email</Trans>}
          checked={coordinatorIsContact}
          onChange={(event) => {
            setCoordinatorIsContact(event.target.checked);
            if (event.target.checked) fillCoordinatorFromContact(form);
          }}
        />
        <TextField
          label={<Trans>First name</Trans>}
          autoComplete="given-name"
          error={user?.first_name?.message}
          {...form.register('user.first_name')}
        />
        <TextField
          label={<Trans>Last name</Trans>}
          autoComplete="family-name"
          error={user?.last_name?.message}
          {...form.register('user.last_name')}
        />
        <TextField
          label={<Trans>Email</Trans>}
          type="email"
          inputMode="email"
          // The sign-in name a password manager saves with the new password (WCAG 3.3.8).
          autoComplete="username"
          error={user?.email?.message}
          {...form.register('user.email')}
        />
        <TextField
          label={<Trans>Password</Trans>}
          type="password"
          autoComplete="new-password"
          error={user?.password?.message}
          {...form.register('user.password')}
        />
        <TextField
          label={<Trans>Password confirmation</Trans>}
          type="password"
          autoComplete="new-password"
          error={user?.password_confirmation?.message}
          {...form.register('user.password_confirmation')}
        />
      </FormSection>

      <div className="flex flex-col gap-1">
        <CheckboxField
          label={i18n._(CONSENT_STATEMENTS.parental_consent)}
          checked={consent}
          onChange={(event) => setConsent(event.target.checked)}
        />
        <CheckboxField
          label={<PoliciesAgreementLabel />}
          checked={privacy}
          onChange={(event) => setPrivacy(event.target.checked)}
        />
      </div>

      {serverError && <ErrorBox messages={[serverError]} />}
      <div className="grid grid-cols-2 gap-3">
        <Button variant="secondary" onClick={props.onCancel}>
          <Trans>Cancel</Trans>
        </Button>
        <Button type="submit" disabled={pending || !consent || !privacy}>
          <Trans>Create</Trans>
        </Button>
      </div>
    </form>
  );
}
