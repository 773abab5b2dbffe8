import { Trans, useLingui } from '@lingui/react/macro';
import type { PrintedBadge } from '@wellbank/domain';
import { Printer } from 'lucide-react';
import { Picture } from '@/components/picture';
import { QrCode } from '@/components/qr-code';
import { Button } from '@/components/ui/button';

/**
 * The badges just made, as 2-inch squares to cut out or print on 2-inch labels (issue 34 §3): the
 * child's picture and name, and a QR code of the sign-in link. Printed, only the sheet shows
 * (index.css: the `badges` page, Letter with half-inch margins: three across, four down).
 */
export function BadgeSheet({ badges }: { badges: readonly PrintedBadge[] }) {
  return (
    <section aria-labelledby="badge-sheet-title" className="badge-sheet flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-3 print:hidden">
        <h2 id="badge-sheet-title" className="text-xl font-bold">
          <Trans>Badges to print</Trans>
        </h2>
        <Button onClick={() => window.print()}>
          <Printer aria-hidden className="size-5" />
          <Trans>Print badges</Trans>
        </Button>
      </div>
      <p className="text-slate-700 print:hidden">
        <Trans>
          Print these now: Wellbank keeps no copy of their links, so they cannot be shown again
          after you leave this page.
        </Trans>
      </p>
      <ul className="flex flex-wrap gap-[0.125in]">
        {badges.map((badge) => (
          <BadgeCard key={badge.id} badge={badge} />
        ))}
      </ul>
    </section>
  );
}

function BadgeCard({ badge }: { badge: PrintedBadge }) {
  const { t } = useLingui();
  const name = badge.display_name;
  return (
    <li className="flex size-[2in] break-inside-avoid flex-col items-center justify-between rounded-lg border-2 border-dashed border-slate-400 bg-white p-[0.08in] text-black">
      <p className="flex max-w-full items-center gap-[0.06in]">
        <Picture picture={badge.picture} className="size-[0.4in] shrink-0" />
        <span className="truncate text-[15pt] leading-tight font-bold">{name}</span>
      </p>
      <QrCode text={badge.url} label={t`QR code of ${name}’s badge`} className="size-[1.4in]" />
    </li>
  );
}
