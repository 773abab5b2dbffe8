import { Trans, useLingui } from '@lingui/react/macro';
import {
  hasRole,
  isQuietMinute,
  REMINDER_MESSAGES,
  type ReminderSettings,
  type ReminderSettingsRecord,
  type SessionRecord,
  timeToMinute,
} from '@wellbank/domain';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { CheckboxField } from '@/components/ui/checkbox-field';
import { ErrorBox } from '@/components/ui/error-box';
import { FieldMessage, fieldMessageId } from '@/components/ui/field-message';
import { Spinner } from '@/components/ui/spinner';
import { StatusMessage } from '@/components/ui/status-message';
import { TextField } from '@/components/ui/text-field';
import { errorText } from '@/lib/platform/api-client';
import { lazyResolver, preloadResolvers } from '@/lib/platform/lazy-resolver';
import { isPushSupported } from '@/lib/platform/push-subscription';
import { useClearErrorsOnChange } from '@/lib/platform/use-clear-errors-on-change';
import { useReminders, useSaveReminders } from '../api/reminders';
import { ProfileSection } from './profile-section';

const M = REMINDER_MESSAGES;

/** /profile "Reminders" (issue 15): off by default, a school-local time, push and/or e-mail. */
export function RemindersSection({ user }: { user: SessionRecord }) {
  const { i18n, t } = useLingui();
  const reminders = useReminders(user.id);
  return (
    <ProfileSection title={i18n._(M.sectionTitle)}>
      <p className="text-slate-700">{i18n._(M.sectionIntro)}</p>
      {reminders.isPending && <Spinner label={t`Loading reminders...`} />}
      {reminders.isError && <ErrorBox messages={[errorText(reminders.error)]} />}
      {reminders.data && (
        <RemindersForm user={user} saved={reminders.data} student={hasRole(user, 'student')} />
      )}
    </ProfileSection>
  );
}

function RemindersForm({
  user,
  saved,
  student,
}: {
  user: SessionRecord;
  saved: ReminderSettingsRecord;
  student: boolean;
}) {
  const { i18n } = useLingui();
  const save = useSaveReminders(user.id);
  const { push_devices: _devices, ...initial } = saved;
  const form = useForm<ReminderSettings>({
    resolver: lazyResolver('reminders'),
    defaultValues: initial,
    reValidateMode: 'onSubmit',
  });
  useClearErrorsOnChange(form, save.reset);
  const errors = form.formState.errors;
  const [enabled, time, push] = form.watch(['enabled', 'time', 'push']);
  const quiet = student && enabled && /^\d\d:\d\d$/.test(time) && isQuietMinute(timeToMinute(time));
  const pushHint = push && !isPushSupported() ? i18n._(M.pushUnsupported) : undefined;
  const pushError = errors.push?.message;
  const channelMessage = pushError ? i18n._(pushError) : pushHint;

  return (
    <form
      noValidate
      onFocus={preloadResolvers}
      onSubmit={form.handleSubmit((settings) =>
        save.mutate(settings, {
          onSuccess: ({ pushRefused }) => {
            if (pushRefused) form.setValue('push', false);
          },
        }),
      )}
      className="flex flex-col gap-3"
    >
      <CheckboxField label={i18n._(M.enabledLabel)} {...form.register('enabled')} />
      <TextField
        type="time"
        label={i18n._(M.timeLabel)}
        step={60}
        error={errors.time?.message && i18n._(errors.time.message)}
        hint={quiet ? i18n._(M.studentQuietHours) : undefined}
        {...form.register('time')}
      />
      <fieldset
        className="flex flex-col gap-1"
        aria-describedby={channelMessage ? fieldMessageId('reminder-channels') : undefined}
      >
        <legend className="text-sm font-semibold text-slate-700">{i18n._(M.channelsLegend)}</legend>
        <CheckboxField label={i18n._(M.pushLabel)} {...form.register('push')} />
        <CheckboxField label={i18n._(M.emailLabel)} {...form.register('email')} />
        <FieldMessage inputId="reminder-channels" message={channelMessage} />
      </fieldset>
      <CheckboxField label={i18n._(M.weeklyLabel)} {...form.register('weekly_summary')} />
      {save.isError && <ErrorBox messages={[errorText(save.error)]} />}
      {save.isSuccess && (
        <StatusMessage>
          {i18n._(M.saved)}
          {save.data.pushRefused && (
            <>
              {' '}
              {i18n._(M.pushOff)} {i18n._(save.data.pushRefused)}
            </>
          )}
        </StatusMessage>
      )}
      <Button type="submit" disabled={save.isPending} className="self-start">
        {save.isPending ? <Trans>Saving...</Trans> : i18n._(M.save)}
      </Button>
    </form>
  );
}
