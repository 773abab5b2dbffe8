import { useLingui } from '@lingui/react/macro';
import { FAMILY_SUMMARY_MESSAGES as M } from '@wellbank/domain';
import { useState } from 'react';
import { Card } from '@/components/ui/card';
import { CheckboxField } from '@/components/ui/checkbox-field';
import { ErrorBox } from '@/components/ui/error-box';
import { errorText } from '@/lib/platform/api-client';
import { useSetWeeklyEmail, useWeeklyEmail } from '../api/family';

/**
 * The guardian's weekly e-mail about their children (decision 0080): on unless turned off here
 * or by the e-mail's one-click link. Saved as it is ticked.
 *
 * The tick shows at once from React state set in the click's handler: the mutation's own pending
 * state reaches the component a tick later, and until then React would put the old value back.
 */
export function WeeklyEmailSetting() {
  const { i18n } = useLingui();
  const setting = useWeeklyEmail();
  const save = useSetWeeklyEmail();
  const [ticked, setTicked] = useState<boolean>();
  const error = setting.error ?? save.error;
  return (
    <Card className="flex flex-col gap-2">
      <CheckboxField
        label={i18n._(M.settingLabel)}
        checked={ticked ?? setting.data?.enabled ?? false}
        disabled={setting.isPending || save.isPending}
        onChange={(event) => {
          setTicked(event.target.checked);
          save.mutate(event.target.checked, { onSettled: () => setTicked(undefined) });
        }}
        aria-describedby="weekly-email-hint"
      />
      <p id="weekly-email-hint" className="text-sm text-slate-700">
        {i18n._(M.settingHint)}
      </p>
      {error && <ErrorBox messages={[errorText(error)]} />}
    </Card>
  );
}
