import { Trans, useLingui } from '@lingui/react/macro';
import * as Dialog from '@radix-ui/react-dialog';
import { ROUTE_ACTIVITY_TYPES } from '@wellbank/domain';
import { ChevronRight, Circle, CircleCheck, X } from 'lucide-react';
import { type RefObject, useId, useState } from 'react';
import { Link } from 'react-router';
import { activityIcon } from '@/lib/day/activity-icons';
import { activityTitle, MENU_ROUTES, STRESS_PAGES } from '@/lib/day/activity-labels';
import type { MenuState } from '@/lib/day/day-view';
import { propertyIcon } from '@/lib/day/property-icons';
import { cn } from '@/lib/platform/cn';
import { revealFocused } from '@/lib/platform/reveal-focus';

const rowClasses =
  'flex min-h-12 w-full items-center gap-3 rounded-xl px-3 text-left font-semibold text-slate-800 hover:bg-emerald-50 active:bg-emerald-100';

function Mark({ done }: { done: boolean }) {
  return done ? (
    <>
      <CircleCheck aria-hidden className="size-6 text-accent-strong" data-mark="done" />
      <span className="sr-only">
        <Trans>(done)</Trans>
      </span>
    </>
  ) : (
    <>
      <Circle aria-hidden className="size-6 text-slate-500" data-mark="empty" />
      <span className="sr-only">
        <Trans>(not logged yet)</Trans>
      </span>
    </>
  );
}

function StressEntry({ state }: { state: MenuState }) {
  const { i18n } = useLingui();
  const [open, setOpen] = useState(false);
  const listId = useId();
  const Icon = activityIcon('stress');
  return (
    <li>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen(!open)}
        className={rowClasses}
      >
        <Icon aria-hidden className="size-6 text-accent-strong" />
        <span className="flex-1">{activityTitle(i18n, 'stress')}</span>
        <ChevronRight
          aria-hidden
          className={cn('size-5 text-slate-500 transition-transform', open && 'rotate-90')}
        />
        <Mark done={state.done.has('stress')} />
      </button>
      <ul id={listId} hidden={!open} className="ml-6 border-l-2 border-emerald-100 pl-2">
        {STRESS_PAGES.map(({ kind, title }) => {
          const KindIcon = propertyIcon('stress', kind);
          return (
            <li key={kind}>
              <Link to={`/stress/${kind}`} className={rowClasses}>
                <KindIcon aria-hidden className="size-6 text-accent-strong" />
                <span className="flex-1">{i18n._(title)}</span>
                <Mark done={state.ratedStress.has(kind)} />
              </Link>
            </li>
          );
        })}
      </ul>
    </li>
  );
}

interface LogMenuDialogProps {
  state: MenuState;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Where focus goes back when the menu closes: the plus button, which is no Dialog.Trigger. */
  opener: RefObject<HTMLButtonElement | null>;
}

/** SPEC.md §2: the bottom menu with a completion mark per entry. */
export function LogMenuDialog({ state, open, onOpenChange, opener }: LogMenuDialogProps) {
  const { t, i18n } = useLingui();
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-20 bg-slate-900/50" />
        <Dialog.Content
          onFocus={revealFocused}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            opener.current?.focus();
          }}
          className="fixed inset-x-0 bottom-0 z-30 mx-auto flex max-h-[85dvh] max-w-2xl flex-col overflow-y-auto rounded-t-3xl bg-white px-3 pt-3 pb-[max(1rem,env(safe-area-inset-bottom))] shadow-xl"
        >
          <div className="flex items-center gap-2 pl-3">
            <Dialog.Title className="flex-1 text-lg font-bold">
              <Trans>What did you do today?</Trans>
            </Dialog.Title>
            <Dialog.Close
              aria-label={t`Close`}
              className="grid size-11 place-items-center rounded-xl text-slate-700 hover:bg-slate-100"
            >
              <X aria-hidden className="size-6" />
            </Dialog.Close>
          </div>
          <Dialog.Description className="sr-only">
            <Trans>Pick a category to log. A check means it is done for today.</Trans>
          </Dialog.Description>
          <nav aria-label={t`Log an activity`}>
            <ul className="flex flex-col">
              {state.stressCheckIn && <StressEntry state={state} />}
              {MENU_ROUTES.map((route) => {
                const type = ROUTE_ACTIVITY_TYPES[route];
                const Icon = activityIcon(type);
                return (
                  <li key={route}>
                    <Link to={`/activities/${route}`} className={rowClasses}>
                      <Icon aria-hidden className="size-6 text-accent-strong" />
                      <span className="flex-1">{activityTitle(i18n, type)}</span>
                      <Mark done={state.done.has(type)} />
                    </Link>
                  </li>
                );
              })}
            </ul>
          </nav>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
