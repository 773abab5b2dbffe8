import { useLingui } from '@lingui/react/macro';
import { STRESS_NOTICE } from '@wellbank/domain';

/** The notice families are shown (decision 0073): the domain's versioned text, in the reader's language. */
export function StressNotice() {
  const { i18n } = useLingui();
  return (
    <div className="flex flex-col gap-2 rounded-xl border border-slate-300 bg-slate-50 p-4 text-slate-800">
      {STRESS_NOTICE.map((paragraph) => (
        <p key={paragraph}>{i18n._(paragraph)}</p>
      ))}
    </div>
  );
}
