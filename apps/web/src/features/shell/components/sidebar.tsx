import { Trans, useLingui } from '@lingui/react/macro';
import * as Dialog from '@radix-ui/react-dialog';
import { hasRole, type SessionRecord } from '@wellbank/domain';
import { LogOut, X } from 'lucide-react';
import { UnsentLogoutDialog } from '@/components/unsent-logout-dialog';
import { useLogout } from '@/lib/platform/logout';
import { revealFocused } from '@/lib/platform/reveal-focus';
import { SIDEBAR_SECTIONS, type SidebarSection } from '../sidebar-links';
import { SidebarHeader } from './sidebar-header';
import { SidebarLink } from './sidebar-link';

interface SidebarProps {
  session: SessionRecord;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

function isVisible(section: SidebarSection, session: SessionRecord): boolean {
  if (!section.role) return true;
  const mustPay = session.needs_subscription_payment || session.needs_team_payment;
  return !mustPay && hasRole(session, section.role);
}

/** SPEC.md §2 sidebar: a focus-trapped drawer that slides in from the left in 500 ms. */
export function Sidebar({ session, open, onOpenChange }: SidebarProps) {
  const logout = useLogout();
  const { t, i18n } = useLingui();
  const close = () => onOpenChange(false);

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="drawer-overlay fixed inset-0 z-20 bg-slate-900/50" />
        <Dialog.Content
          onFocus={revealFocused}
          className="drawer fixed inset-y-0 left-0 z-30 flex w-80 max-w-[85vw] flex-col overflow-y-auto bg-white shadow-xl"
        >
          <SidebarHeader session={session} open={open} />
          <Dialog.Close
            aria-label={t`Close menu`}
            className="absolute top-2 right-2 grid size-11 place-items-center rounded-xl text-white hover:bg-white/15 focus-visible:outline-white"
          >
            <X aria-hidden className="size-6" />
          </Dialog.Close>
          <nav aria-label={t`Main`} className="flex flex-1 flex-col gap-4 p-3">
            {SIDEBAR_SECTIONS.filter((s) => isVisible(s, session)).map((section) => (
              <div key={section.title?.id ?? 'main'}>
                {section.title && (
                  <h3 className="px-3 pb-1 text-xs font-bold tracking-wide text-slate-600 uppercase">
                    {i18n._(section.title)}
                  </h3>
                )}
                <ul>
                  {section.links.map((link) => (
                    <li key={link.to}>
                      <SidebarLink {...link} label={i18n._(link.label)} onNavigate={close} />
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
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
