import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { DEFAULT_TIME_ZONE, type PendingInvitation } from '@wellbank/domain';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmailText } from '@/components/ui/email-text';
import { ErrorBox } from '@/components/ui/error-box';
import { Spinner } from '@/components/ui/spinner';
import { StatusMessage } from '@/components/ui/status-message';
import { useFormats } from '@/i18n/formats';
import { useSchoolTimeZone } from '@/lib/day/school-day';
import { errorText } from '@/lib/platform/api-client';
import { fullName } from '@/lib/platform/session';
import { useInvitationAction, usePendingInvitations } from '../api/invitations';

/**
 * Staff & students, issue 35 §2: the invitations a roster import mailed that are neither used nor
 * expired, each with Resend (a new link, 14 days again) and Revoke (after a confirm). Pending
 * student invitations hold student places, which the section says.
 */
export function PendingInvitations({ schoolId }: { schoolId: number }) {
  const { t } = useLingui();
  const { formatCount, formatSchoolDay } = useFormats();
  const timeZone = useSchoolTimeZone().data ?? DEFAULT_TIME_ZONE;
  const pending = usePendingInvitations(schoolId);
  const resend = useInvitationAction(schoolId, 'resend');
  const revoke = useInvitationAction(schoolId, 'revoke');
  const [revoking, setRevoking] = useState<PendingInvitation>();
  const list = pending.data?.invitations ?? [];
  const total = pending.data?.total ?? 0;
  const places = pending.data?.student_places;
  const [taken, cap, shown, totalText] = [
    places?.taken ?? 0,
    places?.cap ?? 0,
    list.length,
    total,
  ].map((n) => formatCount(n));
  const resentName = resend.variables ? fullName(resend.variables) : '';
  const revokedName = revoke.variables ? fullName(revoke.variables) : '';
  const revokingName = revoking ? fullName(revoking) : '';
  const day = (iso: string) => formatSchoolDay(new Date(iso), timeZone);
  const allInvitations = plural(total, {
    one: `${totalText} invitation`,
    other: `${totalText} invitations`,
  });

  return (
    <Card aria-labelledby="invitations-title" className="flex flex-col gap-3">
      <h2 id="invitations-title" className="text-xl font-bold">
        <Trans>Pending invitations</Trans>
      </h2>
      {places && (
        <p className="text-slate-700">
          <Trans>
            Pending student invitations count toward your {cap} student places: {taken} of {cap} are
            taken.
          </Trans>
        </p>
      )}
      {pending.isPending && <Spinner label={t`Loading invitations...`} />}
      {pending.isError && <ErrorBox messages={[errorText(pending.error)]} />}
      {resend.isError && <ErrorBox messages={[errorText(resend.error)]} />}
      {resend.isSuccess && (
        <StatusMessage>
          <Trans>
            A new invitation was sent to {resentName}. The earlier link no longer works.
          </Trans>
        </StatusMessage>
      )}
      {revoke.isSuccess && (
        <StatusMessage>
          <Trans>The invitation of {revokedName} was revoked.</Trans>
        </StatusMessage>
      )}
      {pending.isSuccess && list.length === 0 && (
        <p className="text-slate-700">
          <Trans>No invitations are waiting to be accepted.</Trans>
        </p>
      )}
      {list.length > 0 && (
        <ul aria-labelledby="invitations-title" className="flex flex-col divide-y divide-slate-100">
          {list.map((invitation) => {
            const name = fullName(invitation);
            const [sent, expires] = [day(invitation.sent_at), day(invitation.expires_at)];
            return (
              <li key={invitation.id} className="flex flex-wrap items-center gap-x-4 gap-y-2 py-3">
                <div className="min-w-0 flex-1 basis-64">
                  <p className="font-semibold">{name}</p>
                  <p className="text-sm">
                    <EmailText email={invitation.email} />
                  </p>
                  <p className="text-sm text-slate-600">
                    {invitation.role === 'staff' ? <Trans>Staff</Trans> : <Trans>Student</Trans>}
                    {' · '}
                    <Trans>
                      Sent {sent}, expires {expires}
                    </Trans>
                  </p>
                </div>
                <div className="flex gap-2">
                  <Button
                    variant="secondary"
                    aria-label={t`Resend the invitation of ${name}`}
                    disabled={resend.isPending}
                    onClick={() => {
                      revoke.reset();
                      resend.mutate(invitation);
                    }}
                  >
                    <Trans>Resend</Trans>
                  </Button>
                  <Button
                    variant="ghost"
                    aria-label={t`Revoke the invitation of ${name}`}
                    onClick={() => {
                      resend.reset();
                      revoke.reset();
                      setRevoking(invitation);
                    }}
                  >
                    <Trans>Revoke</Trans>
                  </Button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
      {total > list.length && (
        <p className="text-sm text-slate-600">
          <Trans>
            Showing the {shown} that expire soonest of {allInvitations}.
          </Trans>
        </p>
      )}
      <ConfirmDialog
        open={revoking !== undefined}
        onOpenChange={(open) => open || setRevoking(undefined)}
        title={t`Revoke the invitation of ${revokingName}?`}
        confirmLabel={t`Yes, revoke`}
        pendingLabel={<Trans>Revoking...</Trans>}
        pending={revoke.isPending}
        error={revoke.isError ? errorText(revoke.error) : undefined}
        onConfirm={() =>
          revoking && revoke.mutate(revoking, { onSuccess: () => setRevoking(undefined) })
        }
      >
        <p>
          <Trans>
            The invitation is deleted and its link stops working. You can invite them again by
            importing the roster.
          </Trans>
        </p>
      </ConfirmDialog>
    </Card>
  );
}
