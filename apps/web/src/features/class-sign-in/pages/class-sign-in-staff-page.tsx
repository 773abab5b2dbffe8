import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import type { OpenClassCode } from '@wellbank/domain';
import { IdCard, X } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { QrCode } from '@/components/qr-code';
import { Button, buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ErrorBox } from '@/components/ui/error-box';
import { TextField } from '@/components/ui/text-field';
import { useFormats } from '@/i18n/formats';
import { errorText } from '@/lib/platform/api-client';
import { useSession } from '@/lib/platform/session';
import { mySchoolQueryOptions } from '@/lib/platform/shell-queries';
import { useCloseClassCode, useOpenClassCode } from '../api/class-sign-in';

/**
 * "Class sign-in" for staff (issue 34 §2): open a class code for a homeroom, show its QR code and
 * the code in large letters until the end of the school day, or close it.
 */
export function ClassSignInStaffPage() {
  const { t } = useLingui();
  const session = useSession();
  const [homeroom, setHomeroom] = useState(session?.homeroom ?? '');
  const [opened, setOpened] = useState<OpenClassCode>();
  const open = useOpenClassCode(session?.school.id ?? 0);
  const close = useCloseClassCode();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    open.mutate({ homeroom: homeroom.trim() }, { onSuccess: setOpened });
  };

  if (opened) {
    return (
      <OpenCode
        opened={opened}
        homeroom={homeroom}
        closing={close.isPending}
        error={close.error}
        onClose={() =>
          close.mutate(opened.code, {
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
      <form onSubmit={submit} className="flex flex-col gap-4 sm:flex-row sm:items-end">
        <TextField
          label={t`Homeroom`}
          value={homeroom}
          onChange={(event) => setHomeroom(event.target.value)}
          required
          className="flex-1"
        />
        <Button type="submit" disabled={open.isPending || homeroom.trim() === ''}>
          <Trans>Open class sign-in</Trans>
        </Button>
      </form>
      {open.isError && <ErrorBox messages={[errorText(open.error)]} />}
      {homeroom.trim() !== '' && (
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

function OpenCode({
  opened,
  homeroom,
  closing,
  error,
  onClose,
}: {
  opened: OpenClassCode;
  homeroom: string;
  closing: boolean;
  error: Error | null;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const { formatDateTime } = useFormats();
  const school = useQuery(mySchoolQueryOptions());
  const zone = school.data?.time_zone;
  const until = zone ? formatDateTime(new Date(opened.expires_at), zone) : '';
  const spaced = `${opened.code.slice(0, 4)} ${opened.code.slice(4)}`;
  return (
    <Card className="flex flex-col items-center gap-4 text-center">
      <h1 className="text-2xl font-bold">
        <Trans>Class sign-in: {homeroom}</Trans>
      </h1>
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
        <Link
          to={`/schools/class-cards?${new URLSearchParams({ homeroom })}`}
          className={buttonClasses('ghost')}
        >
          <IdCard aria-hidden className="size-5" />
          <Trans>Class cards</Trans>
        </Link>
      </div>
    </Card>
  );
}
