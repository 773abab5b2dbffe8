import { Trans, useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { type ActivityType, ROUTE_ACTIVITY_TYPES } from '@wellbank/domain';
import { ArrowRight, LoaderCircle } from 'lucide-react';
import { useState } from 'react';
import { Navigate } from 'react-router';
import { ClassChallengeMeters } from '@/components/class-challenge/class-challenge-meter';
import { ReadAloud } from '@/components/read-aloud';
import { Button } from '@/components/ui/button';
import { ErrorBox } from '@/components/ui/error-box';
import { Spinner } from '@/components/ui/spinner';
import { UnsentLogoutDialog } from '@/components/unsent-logout-dialog';
import { type PropertyValues, saveActivity } from '@/lib/day/activities';
import { activityIcon } from '@/lib/day/activity-icons';
import { activityTitle, propertyLabel } from '@/lib/day/activity-labels';
import { findActivity, useTodayActivities, valuesOf } from '@/lib/day/day-activities';
import { errorText } from '@/lib/platform/api-client';
import { useLogout } from '@/lib/platform/logout';
import { isSharedDevice, useSession } from '@/lib/platform/session';
import { formatValue, PropertyCounters } from '../components/property-counters';

/**
 * What the classroom screen logs (decision 0085): every category of the entry pages but stress,
 * which classmates would see; a child logs stress privately, on their own device.
 */
type CheckInType = Exclude<ActivityType, 'stress'>;
const CHECK_IN_TYPES: readonly CheckInType[] = Object.values(ROUTE_ACTIVITY_TYPES);

/**
 * /check-in (issue 37 §4, decision 0085): on a class check-in's shared screen, the child logs
 * today picture first, in large counters, through the entry pages' one save; "Done — next
 * friend" saves what changed and runs the shared device's logout, back to the class's names.
 */
export function ClassCheckInPage() {
  const { t, i18n } = useLingui();
  const session = useSession();
  const queryClient = useQueryClient();
  const { activities, isPending } = useTodayActivities();
  const [edits, setEdits] = useState<Partial<Record<CheckInType, PropertyValues>>>({});
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<unknown>();
  const [announcement, setAnnouncement] = useState('');
  const logout = useLogout();

  if (!isSharedDevice(session)) return <Navigate to="/dashboard" replace />;
  if (isPending) return <Spinner label={t`Loading your day...`} />;

  const initial = (type: CheckInType) => valuesOf(findActivity(activities, type));
  const valuesFor = (type: CheckInType) => ({ ...initial(type), ...edits[type] });
  const change = (type: CheckInType, key: string, value: number) => {
    setEdits((current) => ({ ...current, [type]: { ...current[type], [key]: value } }));
    setAnnouncement(`${propertyLabel(i18n, type, key)} ${formatValue(key, value)}`);
  };

  const done = async () => {
    setSaving(true);
    setError(undefined);
    try {
      for (const type of CHECK_IN_TYPES) {
        const changed = edits[type];
        if (changed && Object.keys(changed).length > 0) {
          await saveActivity(queryClient, { type, values: valuesFor(type) });
        }
      }
    } catch (failed) {
      setError(failed);
      setSaving(false);
      return;
    }
    setSaving(false);
    logout.mutate({ discardUnsent: false });
  };

  const name = session?.first_name ?? '';
  const busy = saving || logout.isPending;
  return (
    <div className="flex flex-col gap-4">
      <ReadAloud />
      <h1 className="text-3xl font-extrabold lg:text-4xl">
        <Trans>Hi {name}! How was your day?</Trans>
      </h1>
      <ClassChallengeMeters />
      <ul className="grid gap-4 lg:grid-cols-2">
        {CHECK_IN_TYPES.map((type) => {
          const Icon = activityIcon(type);
          const values = valuesFor(type);
          const titleId = `check-in-${type}`;
          return (
            <li key={type}>
              <section
                aria-labelledby={titleId}
                className="flex h-full flex-col gap-3 rounded-3xl bg-sky-50 p-4 ring-2 ring-sky-200"
              >
                <h2 id={titleId} className="flex items-center gap-3 text-2xl font-bold">
                  <Icon aria-hidden className="size-14 shrink-0 text-accent-strong" />
                  {activityTitle(i18n, type)}
                </h2>
                <PropertyCounters
                  type={type}
                  values={values}
                  onChange={(key, value) => change(type, key, value)}
                />
              </section>
            </li>
          );
        })}
      </ul>
      <p role="status" aria-live="polite" className="sr-only">
        {saving ? t`Saving...` : announcement}
      </p>
      {error !== undefined && <ErrorBox messages={[errorText(error)]} />}
      <Button
        onClick={() => void done()}
        disabled={busy}
        aria-busy={busy}
        className="min-h-20 w-full text-2xl"
        data-testid="check-in-done"
      >
        {busy && <LoaderCircle aria-hidden className="size-7 animate-spin" />}
        <Trans>Done — next friend!</Trans>
        <ArrowRight aria-hidden className="size-7" />
      </Button>
      <UnsentLogoutDialog logout={logout} />
    </div>
  );
}
