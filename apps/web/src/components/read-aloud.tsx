import { lazy, Suspense } from 'react';

/*
 * The button and the reading load after the page, as the drawer and the log menu do (decision
 * 0028): the dashboard's first load stays in its budget. Its place is kept (min-h-11), so
 * nothing moves when it arrives.
 */
const ReadAloudButton = lazy(async () => ({
  default: (await import('./read-aloud-button')).ReadAloudButton,
}));

/**
 * "Read aloud" at the top of a child's page (decision 0062), where the browser has speech
 * synthesis; nothing where it has none.
 */
export function ReadAloud() {
  // Read as a value, not with `in`: a browser may have the name and nothing behind it.
  const synthesis: SpeechSynthesis | undefined = window.speechSynthesis ?? undefined;
  if (!synthesis) return null;
  return (
    <div className="flex min-h-11 justify-end">
      <Suspense fallback={null}>
        <ReadAloudButton synthesis={synthesis} />
      </Suspense>
    </div>
  );
}
