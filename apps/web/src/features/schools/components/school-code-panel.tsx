import { Trans, useLingui } from '@lingui/react/macro';
import { joinSchoolUrl } from '@wellbank/domain';
import { Printer } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { CopyButton } from '@/components/ui/copy-button';
import { useMySchool } from '../api/my-school';

/** Staff & students: the school's join code, its link and the way to the poster (issue 34 §4). */
export function SchoolCodePanel() {
  const { t } = useLingui();
  const school = useMySchool();
  const code = school.data?.code;
  if (!code) return null;
  const url = joinSchoolUrl(window.location.origin, code);

  return (
    <section
      aria-labelledby="school-code-title"
      className="flex flex-col gap-2 rounded-xl bg-emerald-50 p-4"
    >
      <h2 id="school-code-title" className="text-lg font-bold">
        <Trans>Joining your school</Trans>
      </h2>
      <p className="flex flex-wrap items-center gap-x-3">
        <Trans>
          School code{' '}
          <span className="font-mono text-2xl font-extrabold tracking-widest">{code}</span>
        </Trans>
        <CopyButton text={code} label={t`Copy the school code`} className="text-accent-strong" />
      </p>
      <p className="text-slate-700">
        <Trans>
          Staff and students join with it at <span className="break-all font-semibold">{url}</span>.
          Families join a student’s or staff member’s team instead.
        </Trans>
      </p>
      <Link to="/schools/join-poster" className={buttonClasses('secondary', 'self-start')}>
        <Printer aria-hidden className="size-5" />
        <Trans>Print join poster</Trans>
      </Link>
    </section>
  );
}
