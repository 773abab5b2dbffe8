import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import type { OpenClassCode, PickableStudent } from '@wellbank/domain';
import { IdCard, MonitorSmartphone, X } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { QrCode } from '@/components/qr-code';
import { Button, buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ErrorBox } from '@/components/ui/error-box';
import { TextField } from '@/components/ui/text-field';
import { UnsentLogoutDialog } from '@/components/unsent-logout-dialog';
import { useFormats } from '@/i18n/formats';
import { errorText } from '@/lib/platform/api-client';
import { startClassCheckIn } from '@/lib/platform/class-check-in';
import { useLogout } from '@/lib/platform/logout';
import { useSession } from '@/lib/platform/session';
import { mySchoolQueryOptions } from '@/lib/platform/shell-queries';
import { useCloseClassCode, useOpenClassCode } from '../api/class-sign-in';
import { StudentPicker } from '../components/student-picker';

/** Whom a class code is opened for: a homeroom typed in, or students picked one by one. */
type Audience = 'homeroom' | 'students';

/** Whom an open code lists, as its heading says it. */
type OpenedFor = { homeroom: string } | { students: number };

/**
 * "Class sign-in" for staff (issue 34 §2): open a class code for a homeroom or for students picked
 * from the school's list, show its QR code and the code in large letters until the end of the
 * school day, or close it.
 */
export function ClassSignInStaffPage() {
  const { t } = useLingui();
  const session = useSession();
  const schoolId = session?.school.id ?? 0;
  const [audience, setAudience] = useState<Audience>('homeroom');
  const [homeroom, setHomeroom] = useState(session?.homeroom ?? '');
  const [chosen, setChosen] = useState<ReadonlyMap<number, PickableStudent>>(new Map());
  const [opened, setOpened] = useState<{ code: OpenClassCode; for: OpenedFor }>();
  const open = useOpenClassCode(schoolId);
  const close = useCloseClassCode();
  // Class check-in (decision 0085): this screen becomes the class's, so staff sign out of it.
  const handOver = useLogout({ toClass: true });

  const toggle = (student: PickableStudent, checked: boolean) =>
    setChosen((current) => {
      const next = new Map(current);
      if (checked) next.set(student.id, student);
      else next.delete(student.id);
      return next;
    });

  const ready = audience === 'homeroom' ? homeroom.trim() !== '' : chosen.size > 0;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!ready) return;
    const body =
      audience === 'homeroom' ? { homeroom: homeroom.trim() } : { user_ids: [...chosen.keys()] };
    const openedFor: OpenedFor =
      audience === 'homeroom' ? { homeroom: homeroom.trim() } : { students: chosen.size };
    open.mutate(body, { onSuccess: (code) => setOpened({ code, for: openedFor }) });
  };

  /** Opens the code for the homeroom, then makes this screen the class's check-in screen. */
  const startCheckIn = () => {
    const room = homeroom.trim();
    if (room === '') return;
    open.mutate(
      { homeroom: room },
      {
        onSuccess: (opened) => {
          startClassCheckIn(opened.code);
          handOver.mutate({ discardUnsent: false });
        },
      },
    );
  };

  if (opened) {
    return (
      <OpenCode
        opened={opened.code}
        openedFor={opened.for}
        closing={close.isPending}
        error={close.error}
        onClose={() =>
          close.mutate(opened.code.code, {
            onSuccess: () => setOpened(undefined),
          })
        }
      />
    );
  }

  return (
    <Card className="flex flex-col gap-4">
      <h1 className="text-2xl font-bold">
        <Trans>Class sign-in</Trans>
      </h1>
      <p>
        <Trans>
          Young students sign in on a shared tablet without an e-mail or a password: they scan the
          class QR code (or type the code at /class), tap their name, then their two secret
          pictures. The code works until the end of the school day.
        </Trans>
      </p>
      <form onSubmit={submit} className="flex flex-col gap-4">
        <fieldset className="flex flex-col gap-1">
          <legend className="mb-1 text-sm font-semibold text-slate-700">
            <Trans>Open class sign-in for</Trans>
          </legend>
          <div className="flex flex-col sm:flex-row sm:gap-6">
            <AudienceChoice
              value="homeroom"
              current={audience}
              onChoose={setAudience}
              label={t`A homeroom`}
            />
            <AudienceChoice
              value="students"
              current={audience}
              onChoose={setAudience}
              label={t`Students I pick`}
            />
          </div>
        </fieldset>
        {audience === 'homeroom' ? (
          <TextField
            label={t`Homeroom`}
            value={homeroom}
            onChange={(event) => setHomeroom(event.target.value)}
            required
          />
        ) : (
          <StudentPicker
            schoolId={schoolId}
            chosen={chosen}
            onToggle={toggle}
            onClear={() => setChosen(new Map())}
          />
        )}
        <div className="flex flex-wrap gap-3">
          <Button type="submit" disabled={open.isPending || !ready}>
            <Trans>Open class sign-in</Trans>
          </Button>
          {audience === 'homeroom' && (
            <Button
              variant="secondary"
              onClick={startCheckIn}
              disabled={open.isPending || handOver.isPending || !ready}
            >
              <MonitorSmartphone aria-hidden className="size-5" />
              <Trans>Start class check-in on this screen</Trans>
            </Button>
          )}
        </div>
        {audience === 'homeroom' && (
          <p className="text-sm text-slate-700">
            <Trans>
              Class check-in: this screen becomes the class's. You are signed out here; children tap
              their name and pictures, log their day on a large page and hand over.
            </Trans>
          </p>
        )}
      </form>
      <UnsentLogoutDialog logout={handOver} />
      {open.isError && <ErrorBox messages={[errorText(open.error)]} />}
      {audience === 'homeroom' && homeroom.trim() !== '' && (
        <Link
          to={`/schools/class-cards?${new URLSearchParams({ homeroom: homeroom.trim() })}`}
          className={buttonClasses('secondary', 'self-start')}
        >
          <IdCard aria-hidden className="size-5" />
          <Trans>Class cards</Trans>
        </Link>
      )}
    </Card>
  );
}

/** One native radio button of the choice, its whole label a 44 px target. */
function AudienceChoice({
  value,
  current,
  onChoose,
  label,
}: {
  value: Audience;
  current: Audience;
  onChoose: (value: Audience) => void;
  label: string;
}) {
  return (
    <label className="flex min-h-11 cursor-pointer items-center gap-3 text-base text-slate-800">
      <input
        type="radio"
        name="class-audience"
        value={value}
        checked={current === value}
        onChange={() => onChoose(value)}
        className="size-6 shrink-0 cursor-pointer accent-accent"
      />
      {label}
    </label>
  );
}

function OpenCode({
  opened,
  openedFor,
  closing,
  error,
  onClose,
}: {
  opened: OpenClassCode;
  openedFor: OpenedFor;
  closing: boolean;
  error: Error | null;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const { formatDateTime, formatCount } = useFormats();
  const school = useQuery(mySchoolQueryOptions());
  const zone = school.data?.time_zone;
  const until = zone ? formatDateTime(new Date(opened.expires_at), zone) : '';
  const spaced = `${opened.code.slice(0, 4)} ${opened.code.slice(4)}`;
  const homeroom = 'homeroom' in openedFor ? openedFor.homeroom : undefined;
  const students = 'students' in openedFor ? openedFor.students : 0;
  const studentsText = formatCount(students);
  const heading = homeroom
    ? t`Class sign-in: ${homeroom}`
    : t`Class sign-in: ${plural(students, { one: `${studentsText} student`, other: `${studentsText} students` })}`;
  return (
    <Card className="flex flex-col items-center gap-4 text-center">
      <h1 className="text-2xl font-bold">{heading}</h1>
      <QrCode
        text={opened.url}
        label={t`QR code of the class sign-in link`}
        className="size-64 sm:size-80"
      />
      <div>
        <p className="text-lg font-semibold">
          <Trans>Class code</Trans>
        </p>
        <p
          className="font-mono text-5xl font-extrabold tracking-[0.15em] text-accent-strong sm:text-7xl"
          data-testid="class-code"
        >
          {spaced}
        </p>
      </div>
      <p className="font-semibold break-all">{opened.url}</p>
      {until && (
        <p>
          <Trans>Valid until {until}</Trans>
        </p>
      )}
      {error && <ErrorBox messages={[errorText(error)]} />}
      <div className="flex flex-wrap justify-center gap-3">
        <Button variant="secondary" onClick={onClose} disabled={closing}>
          <X aria-hidden className="size-5" />
          <Trans>Close class sign-in</Trans>
        </Button>
        {homeroom && (
          <Link
            to={`/schools/class-cards?${new URLSearchParams({ homeroom })}`}
            className={buttonClasses('ghost')}
          >
            <IdCard aria-hidden className="size-5" />
            <Trans>Class cards</Trans>
          </Link>
        )}
      </div>
    </Card>
  );
}
