import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { PAYMENT_MESSAGES } from '@wellbank/domain';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { ErrorBox } from '@/components/ui/error-box';
import { StatusMessage } from '@/components/ui/status-message';
import { domainText } from '@/i18n/domain-text';
import { errorText } from '@/lib/platform/api-client';

/**
 * The end of a join-by-lookup form (school code, captain's e-mail): the server's error, then
 * Cancel (back to the role chooser) and Find.
 */
export function LookupActions({ error, pending }: { error: Error | null; pending: boolean }) {
  const navigate = useNavigate();
  return (
    <>
      {error && <ErrorBox messages={[errorText(error)]} />}
      <div className="grid grid-cols-2 gap-3">
        <Button variant="secondary" onClick={() => navigate('/sign-up')}>
          <Trans>Cancel</Trans>
        </Button>
        <Button type="submit" disabled={pending}>
          <Trans>Find</Trans>
        </Button>
      </div>
    </>
  );
}

/** What a lookup found ("School found!", "Team found!") and the button that goes on to join. */
export function LookupFound(props: {
  title: ReactNode;
  children: ReactNode;
  joinLabel: ReactNode;
  joinPath: string;
  /** Router state for the join page (history.state, which a reload keeps). */
  joinState?: unknown;
  /** Something to know before joining (an unpaid subscription), said below the find. */
  notice?: ReactNode;
}) {
  const navigate = useNavigate();
  return (
    <div className="mt-5 flex flex-col gap-3">
      <StatusMessage>
        <p className="font-bold">{props.title}</p>
        <p>{props.children}</p>
      </StatusMessage>
      {props.notice}
      <Button onClick={() => navigate(props.joinPath, { state: props.joinState })}>
        {props.joinLabel}
      </Button>
    </div>
  );
}

/** A school whose subscription is not paid: joining works, the app opens once it is paid. */
export function UnpaidNotice({ school }: { school: string }) {
  const { i18n } = useLingui();
  // A sentence the domain builds with the school's name; its Spanish is the domain catalog's.
  return (
    <StatusMessage tone="info">
      {domainText(i18n, PAYMENT_MESSAGES.joinUnpaid(school))}
    </StatusMessage>
  );
}
