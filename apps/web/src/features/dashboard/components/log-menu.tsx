import { Trans } from '@lingui/react/macro';
import { Plus } from 'lucide-react';
import { lazy, Suspense, useRef, useState } from 'react';
import type { MenuState } from '@/lib/day/day-view';

/*
 * The menu itself (Radix Dialog and its rows) loads when it is first opened, or when the plus
 * button is pointed at or focused: the dashboard paints without it (decision 0028).
 */
const loadDialog = () => import('./log-menu-dialog');
const LogMenuDialog = lazy(async () => ({ default: (await loadDialog()).LogMenuDialog }));

/**
 * SPEC.md §2: the floating plus button that opens the bottom menu. It floats in a bar of its own
 * at the bottom of the content column (issue 17): the bar is opaque and as wide as the column, so
 * the cards scroll above it and no amount is ever drawn half under the button; on a wide screen
 * the button stays at the column's right edge, not at the window's.
 */
export function LogMenu({ state }: { state: MenuState }) {
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  return (
    <div
      data-testid="log-bar"
      data-sticky="bottom"
      className="sticky bottom-0 z-10 -mx-4 -mb-10 flex justify-end border-t border-emerald-100 bg-emerald-50 px-4 pt-2 pb-[max(0.5rem,env(safe-area-inset-bottom))]"
    >
      <button
        ref={button}
        type="button"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
        onPointerEnter={() => void loadDialog()}
        onFocus={() => void loadDialog()}
        className="relative grid size-14 place-items-center rounded-full bg-accent text-white shadow-lg hover:bg-accent-strong focus-visible:outline-offset-4"
      >
        <Plus aria-hidden className="size-8" />
        <span className="sr-only">
          <Trans>Log an activity</Trans>
        </span>
        {!state.dayComplete && (
          <span
            data-testid="incomplete-dot"
            className="absolute top-1 right-1 size-4 rounded-full bg-danger ring-2 ring-white"
          >
            <span className="sr-only">
              <Trans>(today is not complete yet)</Trans>
            </span>
          </span>
        )}
      </button>
      {wanted && (
        <Suspense fallback={null}>
          <LogMenuDialog state={state} open={open} onOpenChange={setOpen} opener={button} />
        </Suspense>
      )}
    </div>
  );
}
