import { Trans, useLingui } from '@lingui/react/macro';
import { hasRole, type SessionRecord } from '@wellbank/domain';
import { LogOut } from 'lucide-react';
import { UnsentLogoutDialog } from '@/components/unsent-logout-dialog';
import { useLogout } from '@/lib/platform/logout';
import { SIDEBAR_SECTIONS, type SidebarSection } from '../sidebar-links';
import { SidebarLink } from './sidebar-link';

function isVisible(section: SidebarSection, session: SessionRecord): boolean {
  if (section.notFor && hasRole(session, section.notFor)) return false;
  if (!section.role) return true;
  const mustPay = session.needs_subscription_payment || session.needs_team_payment;
  return !mustPay && hasRole(session, section.role);
}

/** SPEC.md §2 sidebar's links and Logout: in the phone's drawer and beside a desk's page alike. */
export function SidebarNav({
  session,
  onNavigate,
}: {
  session: SessionRecord;
  onNavigate?: () => void;
}) {
  const logout = useLogout();
  const { t, i18n } = useLingui();
  return (
    <nav aria-label={t`Main`} className="flex flex-1 flex-col gap-4 p-3">
      {SIDEBAR_SECTIONS.filter((s) => isVisible(s, session)).map((section) => (
        <div key={section.title?.id ?? 'main'}>
          {section.title && (
            <h3 className="px-3 pb-1 text-xs font-bold tracking-wide text-slate-600 uppercase">
              {i18n._(section.title)}
            </h3>
          )}
          <ul>
            {section.links
              .filter((link) => !link.counsellorOnly || session.is_counsellor)
              .map(({ counsellorOnly: _, ...link }) => (
                <li key={link.to}>
                  <SidebarLink {...link} label={i18n._(link.label)} onNavigate={onNavigate} />
                </li>
              ))}
          </ul>
        </div>
      ))}
      <button
        type="button"
        onClick={() => logout.mutate({ discardUnsent: false })}
        disabled={logout.isPending}
        className="mt-auto flex min-h-12 items-center gap-3 rounded-xl px-3 font-semibold text-danger hover:bg-red-50"
      >
        <LogOut aria-hidden className="size-5" />
        <Trans>Logout</Trans>
      </button>
      <UnsentLogoutDialog logout={logout} />
    </nav>
  );
}
