import { Plus } from 'lucide-react';
import { lazy, Suspense, useRef, useState } from 'react';
import type { MenuState } from '@/lib/day-view';

/*
 * The menu itself (Radix Dialog and its rows) loads when it is first opened, or when the plus
 * button is pointed at or focused: the dashboard paints without it (decision 0028).
 */
const loadDialog = () => import('./log-menu-dialog');
const LogMenuDialog = lazy(async () => ({ default: (await loadDialog()).LogMenuDialog }));

/** SPEC.md §2: the floating plus button that opens the bottom menu. */
export function LogMenu({ state }: { state: MenuState }) {
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  return (
    <>
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
        className="fixed right-4 bottom-[max(1rem,env(safe-area-inset-bottom))] z-10 grid size-16 place-items-center rounded-full bg-accent text-white shadow-lg hover:bg-accent-strong focus-visible:outline-offset-4"
      >
        <Plus aria-hidden className="size-8" />
        <span className="sr-only">Log an activity</span>
        {!state.dayComplete && (
          <span
            data-testid="incomplete-dot"
            className="absolute top-1 right-1 size-4 rounded-full bg-danger ring-2 ring-white"
          >
            <span className="sr-only">(today is not complete yet)</span>
          </span>
        )}
      </button>
      {wanted && (
        <Suspense fallback={null}>
          <LogMenuDialog state={state} open={open} onOpenChange={setOpen} opener={button} />
        </Suspense>
      )}
    </>
  );
}
