import { Trans, useLingui } from '@lingui/react/macro';
import type { ClassStudent, SecretPicture } from '@wellbank/domain';
import { ArrowLeft } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { ClassChallengeMeter } from '@/components/class-challenge/class-challenge-meter';
import { Picture } from '@/components/picture';
import { ReadAloud } from '@/components/read-aloud';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ErrorBox } from '@/components/ui/error-box';
import { Spinner } from '@/components/ui/spinner';
import { ApiError, errorText } from '@/lib/platform/api-client';
import { CHECK_IN_PATH, isClassCheckIn } from '@/lib/platform/class-check-in';
import { RETURN_PARAM } from '@/lib/platform/return-path';
import { setSession } from '@/lib/platform/session';
import { rememberClass } from '@/lib/platform/shared-device';
import { signInByPictures, useClass, useClassCodeChallenges } from '../api/class-sign-in';
import { SecretPictureGrid } from '../components/secret-picture-grid';

/**
 * /class/:code (issue 34 §2): the class's names with their pictures; a child taps their name,
 * then their two secret pictures in order, and is signed in on this shared device.
 */
export function ClassPage() {
  const { t } = useLingui();
  const code = useParams().code ?? '';
  const lookup = useClass(code);
  const [child, setChild] = useState<ClassStudent>();
  const checkIn = isClassCheckIn(code);
  // A class check-in's screen shows its homeroom's meter: the total only (decision 0085).
  const meters = useClassCodeChallenges(code, checkIn).data?.challenges ?? [];
  // The device signs the next child into the same class after "I'm done" (decision 0064).
  useEffect(() => rememberClass(code), [code]);
  // On a check-in screen the child signed in goes on to the check-in page (decision 0085): the
  // public frame sends a new session to `?next=`, as after /login.
  const [search, setSearch] = useSearchParams();
  const next = search.get(RETURN_PARAM);
  useEffect(() => {
    if (checkIn && next !== CHECK_IN_PATH) {
      setSearch({ [RETURN_PARAM]: CHECK_IN_PATH }, { replace: true });
    }
  }, [checkIn, next, setSearch]);

  if (lookup.isPending) return <Spinner label={t`Loading the class...`} />;
  if (lookup.isError) {
    return (
      <Card className="mx-auto flex w-full max-w-md flex-col gap-4">
        <ReadAloud />
        <ErrorBox messages={[errorText(lookup.error)]} />
        <Link to="/class" className="font-semibold text-accent-strong underline">
          <Trans>Type a class code</Trans>
        </Link>
      </Card>
    );
  }
  if (child) {
    return (
      // The pictures keep a phone's width on a classroom's wide screen too.
      <div className="mx-auto w-full max-w-md">
        <PicturesStep code={code} child={child} onBack={() => setChild(undefined)} />
      </div>
    );
  }

  return (
    <Card className="flex flex-col gap-4">
      <ReadAloud />
      <div>
        <p className="text-slate-700">
          {lookup.data.school.name}
          {/* The classroom screen of a class check-in (decision 0085): named so staff see it. */}
          {checkIn && (
            <>
              {' · '}
              <strong>
                <Trans>Class check-in</Trans>
              </strong>
            </>
          )}
        </p>
        <h1 className="text-2xl font-bold">
          <Trans>Who are you? Tap your name.</Trans>
        </h1>
      </div>
      {meters.map((challenge) => (
        <ClassChallengeMeter key={challenge.id} challenge={challenge} />
      ))}
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
        {lookup.data.students.map((student) => (
          <li key={student.id}>
            <button
              type="button"
              onClick={() => setChild(student)}
              className="flex min-h-24 w-full flex-col items-center justify-center gap-1 rounded-2xl border-2 border-slate-300 bg-white p-2 text-lg font-bold text-slate-900 shadow-sm hover:border-accent active:bg-emerald-50"
            >
              <Picture
                picture={student.picture}
                decorative
                className="size-10 text-accent-strong"
              />
              {student.display_name}
            </button>
          </li>
        ))}
      </ul>
    </Card>
  );
}

type Outcome = { kind: 'wrong' | 'locked' | 'failed'; text: string } | undefined;

function PicturesStep({
  code,
  child,
  onBack,
}: {
  code: string;
  child: ClassStudent;
  onBack: () => void;
}) {
  const [tapped, setTapped] = useState<SecretPicture[]>([]);
  const [outcome, setOutcome] = useState<Outcome>();
  const [pending, setPending] = useState(false);
  const name = child.display_name;

  const tap = async (picture: SecretPicture) => {
    setOutcome(undefined);
    const next = [...tapped, picture];
    setTapped(next);
    const [first, second] = next;
    if (!first || !second) return;
    setPending(true);
    try {
      setSession(await signInByPictures(code, child.id, [first, second]));
    } catch (error) {
      setTapped([]);
      const status = error instanceof ApiError ? error.status : 0;
      const kind = status === 401 ? 'wrong' : status === 429 ? 'locked' : 'failed';
      setOutcome({ kind, text: errorText(error) });
    } finally {
      setPending(false);
    }
  };

  return (
    <Card className="flex flex-col gap-4">
      <ReadAloud />
      <div className="flex items-center gap-3">
        <Picture picture={child.picture} className="size-12 text-accent-strong" />
        <h1 className="text-2xl font-bold">
          <Trans>Hi {name}! Tap your two secret pictures in order.</Trans>
        </h1>
      </div>
      {outcome && (
        <p
          role="alert"
          className={
            outcome.kind === 'wrong'
              ? 'rounded-xl border-2 border-amber-300 bg-amber-50 p-3 text-lg font-semibold text-amber-950'
              : 'rounded-xl border-2 border-red-300 bg-red-50 p-3 text-lg font-semibold text-red-950'
          }
        >
          {outcome.text}
        </p>
      )}
      <SecretPictureGrid
        tapped={tapped}
        onTap={(picture) => void tap(picture)}
        disabled={pending || outcome?.kind === 'locked'}
      />
      <Button variant="ghost" onClick={onBack} className="self-start">
        <ArrowLeft aria-hidden className="size-5" />
        <Trans>That is not me</Trans>
      </Button>
    </Card>
  );
}
