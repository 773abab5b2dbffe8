import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button, buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ErrorBox } from '@/components/ui/error-box';
import { Spinner } from '@/components/ui/spinner';
import { StatusMessage } from '@/components/ui/status-message';
import { errorText } from '@/lib/platform/api-client';
import { type PaymentReport, useRecordPayment } from '../api/record-payment';
import { DuplicateNotice } from './duplicate-notice';

/** Long enough to read the message, short enough not to wait for it. */
const TO_DASHBOARD_MS = 1500;

interface PaymentReturnProps {
  title: string;
  report: PaymentReport;
  /** "Payment successful!" or "Donation successful!" (SPEC.md §8). */
  successMessage: string;
  /** The page without the return query, to start again after a failure. */
  backTo: string;
}

/** SPEC.md §4: back from checkout with success: record, refresh the user, go to the dashboard. */
export function PaymentReturn({ title, report, successMessage, backTo }: PaymentReturnProps) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const record = useRecordPayment();
  const started = useRef(false);
  const { mutate } = record;

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    mutate(report);
  }, [mutate, report]);

  const duplicate = record.data?.duplicate === true;
  useEffect(() => {
    // A duplicate stays on screen: the payer must read that it will be refunded.
    if (!record.isSuccess || duplicate) return;
    const timer = window.setTimeout(
      () => navigate('/dashboard', { replace: true }),
      TO_DASHBOARD_MS,
    );
    return () => window.clearTimeout(timer);
  }, [record.isSuccess, duplicate, navigate]);

  return (
    <Card className="flex flex-col gap-4">
      <h1 className="text-2xl font-bold">{title}</h1>
      {record.isPending && <Spinner label={t`Confirming your payment...`} />}
      {record.isSuccess && (
        <>
          {duplicate && record.data ? (
            <DuplicateNotice payment={record.data} />
          ) : (
            <StatusMessage>{successMessage}</StatusMessage>
          )}
          <Link to="/dashboard" replace className={buttonClasses('primary')}>
            <Trans>Continue to the dashboard</Trans>
          </Link>
        </>
      )}
      {record.isError && (
        <>
          <ErrorBox messages={[errorText(record.error)]} />
          <div className="grid grid-cols-2 gap-3">
            <Link to={backTo} replace className={buttonClasses('secondary')}>
              <Trans>Back</Trans>
            </Link>
            <Button onClick={() => mutate(report)}>
              <Trans>Try again</Trans>
            </Button>
          </div>
        </>
      )}
    </Card>
  );
}
