import { useLingui } from '@lingui/react/macro';
import * as Dialog from '@radix-ui/react-dialog';
import type { SessionRecord } from '@wellbank/domain';
import { X } from 'lucide-react';
import { useId, useSyncExternalStore } from 'react';
import { revealFocused } from '@/lib/platform/reveal-focus';
import { SidebarHeader } from './sidebar-header';
import { SidebarNav } from './sidebar-nav';

interface SidebarProps {
  session: SessionRecord;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * SPEC.md §2 sidebar below a desk's width: a focus-trapped drawer that slides in from the left in
 * 500 ms. From 1024 px the same header and links stay beside the page (`DockedSidebar`, below).
 */
export function Sidebar({ session, open, onOpenChange }: SidebarProps) {
  const { t } = useLingui();
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
          <SidebarNav session={session} onNavigate={() => onOpenChange(false)} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** Tailwind's `lg`, where the app shell leaves the sidebar its 18 rem (`lg:pl-72`). */
const desk = () => matchMedia('(min-width: 1024px)');

function onDeskChange(change: () => void) {
  const query = desk();
  query.addEventListener('change', change);
  return () => query.removeEventListener('change', change);
}

/**
 * The sidebar from 1024 px on (docs/accessibility.md "Layout"): open beside the page and its header,
 * full height, scrolling on its own; no menu button to press. Below 1024 px it draws nothing
 * and the menu button opens the drawer (above) instead.
 */
export function DockedSidebar({ session }: { session: SessionRecord }) {
  const onDesk = useSyncExternalStore(onDeskChange, () => desk().matches);
  const nameId = useId();
  if (!onDesk) return null;
  return (
    <aside
      aria-labelledby={nameId}
      className="fixed inset-y-0 left-0 flex w-72 flex-col overflow-y-auto border-r border-slate-200 bg-white print:hidden"
    >
      <SidebarHeader session={session} open nameId={nameId} />
      <SidebarNav session={session} />
    </aside>
  );
}
