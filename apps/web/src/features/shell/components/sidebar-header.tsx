import { Trans, useLingui } from '@lingui/react/macro';
import * as Dialog from '@radix-ui/react-dialog';
import { hasRole, type SessionRecord } from '@wellbank/domain';
import { HeartHandshake, KeyRound } from 'lucide-react';
import { CopyButton } from '@/components/ui/copy-button';
import { useFormats } from '@/i18n/formats';
import { cn } from '@/lib/platform/cn';
import { fullName } from '@/lib/platform/session';
import { mustPay } from '@/lib/platform/shell-queries';
import { useMySchool, useMyTeam, useTeamById } from '../api/sidebar-counts';

interface SidebarHeaderProps {
  session: SessionRecord;
  open: boolean;
  /** Docked beside a desk's page: the name's id, which names the sidebar; else the drawer's title. */
  nameId?: string;
}

/**
 * Name, school (or "Team {name}" for community members), the school's join code for its staff
 * (decision 0061) and the "influenced" counters.
 */
export function SidebarHeader({ session, open, nameId }: SidebarHeaderProps) {
  const { formatCount } = useFormats();
  const { t } = useLingui();
  const isCommunity = hasRole(session, 'community_member');
  const team = useTeamById(session.team_id, open && isCommunity);
  // The counters are signed-in reads, which answer 402 until the payment is made.
  const paid = !mustPay(session);
  const school = useMySchool(open && paid);
  const myTeam = useMyTeam(open && paid);
  const code = school.data?.code;
  const place = isCommunity
    ? team.data && t`Team ${team.data.name}`
    : (school.data?.name ?? session.school?.name);

  const Title = nameId ? 'p' : Dialog.Title;
  const Description = nameId ? 'p' : Dialog.Description;

  return (
    // Room on the right for the drawer's close button.
    <div className={cn('bg-accent px-5 pt-6 pb-5 text-white', !nameId && 'pr-14')}>
      {/* No id at all in the drawer: Radix gives its title the id that names the dialog. */}
      <Title {...(nameId && { id: nameId })} className="text-xl font-extrabold break-words">
        {fullName(session)}
      </Title>
      <Description className="mt-0.5 font-medium text-white">{place || '\u00a0'}</Description>
      {(school.isSuccess || myTeam.isSuccess) && (
        <ul className="mt-3 flex flex-col gap-1 text-sm">
          {school.isSuccess && (
            <li className="flex items-center gap-2">
              <HeartHandshake aria-hidden className="size-4" />
              <Trans>{formatCount(school.data.num_team_users)} influenced by our school</Trans>
            </li>
          )}
          {code && (
            <li className="flex items-center gap-2">
              <KeyRound aria-hidden className="size-4" />
              <span>
                <Trans>
                  School code <span className="font-mono font-bold tracking-widest">{code}</span>
                </Trans>
              </span>
              <CopyButton
                text={code}
                label={t`Copy the school code`}
                className="-my-3 text-white hover:bg-white/15 focus-visible:outline-white"
              />
            </li>
          )}
          {myTeam.isSuccess && (
            <li className="flex items-center gap-2">
              <HeartHandshake aria-hidden className="size-4" />
              <Trans>{formatCount(myTeam.data.num_team_users)} influenced by me</Trans>
            </li>
          )}
        </ul>
      )}
    </div>
  );
}
