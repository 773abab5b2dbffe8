import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  earnsPiggyBank,
  exerciseEarningsCents,
  fitnessEarning,
  MESSAGES,
  PIGGY_BANK_THRESHOLD_CENTS,
  type PropertyValues,
  savingsAddNothing,
} from '@wellbank/domain';
import { PiggyBank, Undo2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useFormats } from '@/i18n/formats';
import { usePiggyBanks } from '../api/piggy-banks';

interface PiggyBankControlsProps {
  values: PropertyValues;
  /** The past day being changed; undefined for today. */
  date?: string;
  onChange: (piggyBank: 0 | 1) => void;
}

/** SPEC.md §4 and DESIGN.md §1.3: spend a saved workout ($4) today, or take it back. */
export function PiggyBankControls({ values, date, onChange }: PiggyBankControlsProps) {
  const { formatCents } = useFormats();
  const { count, isPending } = usePiggyBanks(date);
  const used = (values.piggy_bank ?? 0) > 0;
  const canUse = !used && count > 0;
  const { t, i18n } = useLingui();
  const earned = formatCents(Math.round(exerciseEarningsCents(values)));
  const threshold = formatCents(PIGGY_BANK_THRESHOLD_CENTS);
  const most = formatCents(fitnessEarning().maxCents);
  // At the day's most already, a saved workout would be spent for nothing: ask first.
  const [asking, setAsking] = useState(false);
  const useSavings = () => (savingsAddNothing(values) ? setAsking(true) : onChange(1));

  return (
    <section
      aria-labelledby="savings-title"
      className="flex flex-col gap-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-900/5"
    >
      <h2 id="savings-title" className="flex items-center gap-2 text-lg font-bold">
        <PiggyBank aria-hidden className="size-6 text-accent-strong" />
        <Trans>Savings</Trans>
      </h2>
      <p className="text-sm text-slate-700">
        {used &&
          (date
            ? t`You are using a saved workout for yesterday.`
            : t`You are using a saved workout today.`)}
        {!used &&
          count > 0 &&
          t`You have ${plural(count, { one: '# saved workout', other: '# saved workouts' })}.`}
        {!used && count === 0 && !isPending && i18n._(MESSAGES.noSavings)}
      </p>
      <div className="grid grid-cols-2 gap-2">
        <Button variant="secondary" disabled={!canUse} onClick={useSavings}>
          <PiggyBank aria-hidden className="size-5" />
          <Trans>Use savings</Trans>
        </Button>
        <Button variant="ghost" disabled={!used} onClick={() => onChange(0)}>
          <Undo2 aria-hidden className="size-5" />
          <Trans>Undo savings</Trans>
        </Button>
      </div>
      <p className="text-sm font-medium text-accent-strong">
        {earnsPiggyBank(values)
          ? t`Great workout! Saving it puts a piggy bank aside for another day.`
          : date
            ? t`Exercise worth ${threshold} in a day earns a piggy bank (yesterday: ${earned}).`
            : t`Exercise worth ${threshold} in a day earns a piggy bank (today: ${earned}).`}
      </p>
      <ConfirmDialog
        open={asking}
        onOpenChange={setAsking}
        title={t`Keep your savings for another day?`}
        confirmLabel={t`Use it anyway`}
        cancelLabel={t`Keep my savings`}
        confirmVariant="primary"
        pending={false}
        error={undefined}
        onConfirm={() => {
          setAsking(false);
          onChange(1);
        }}
      >
        <p>
          {t`Your exercise already earns the most a day can: ${most}. A saved workout adds nothing today.`}
        </p>
      </ConfirmDialog>
    </section>
  );
}
