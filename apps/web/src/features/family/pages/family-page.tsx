import { Trans, useLingui } from '@lingui/react/macro';
import type { LinkedChild } from '@wellbank/domain';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ErrorBox } from '@/components/ui/error-box';
import { Spinner } from '@/components/ui/spinner';
import { errorText } from '@/lib/platform/api-client';
import { fullName } from '@/lib/platform/session';
import {
  useChildDeletionRequests,
  useLinkChild,
  useLinkedChildren,
  useUnlinkChild,
} from '../api/family';
import { ChildDataRights, DoneDeletionRequests } from '../components/child-data-rights';
import { ChildStressChoice } from '../components/child-stress-choice';
import { FamilyCodeField } from '../components/family-code-field';
import { WeeklyEmailSetting } from '../components/weekly-email-setting';

/** `/family`: a guardian's home (decision 0075): their linked children, and one more by code. */
export function FamilyPage() {
  const { t } = useLingui();
  const children = useLinkedChildren();
  const [removing, setRemoving] = useState<LinkedChild>();
  const unlink = useUnlinkChild();
  const requests = useChildDeletionRequests().data ?? [];
  // Newest first: the first request about a child is the one whose answer counts.
  const latestRequest = (childId: number) => requests.find((r) => r.child?.id === childId);
  const removingName = removing ? fullName(removing) : '';

  if (children.isPending) return <Spinner label={t`Loading your children...`} />;
  if (children.isError) return <ErrorBox messages={[errorText(children.error)]} />;

  return (
    <>
      <Card className="flex flex-col gap-3">
        <h1 className="text-2xl font-bold">
          <Trans>My children</Trans>
        </h1>
        {children.data.length === 0 ? (
          <p>
            <Trans>No child is linked. Enter a family code below.</Trans>
          </p>
        ) : (
          <ul className="flex flex-col divide-y divide-slate-200">
            {children.data.map((child) => {
              const name = fullName(child);
              return (
                <li key={child.id} className="flex flex-wrap items-center gap-3 py-2">
                  <div className="flex min-w-0 flex-1 flex-col gap-1">
                    <Link
                      to={`/family/children/${child.id}`}
                      className="inline-flex min-h-11 items-center self-start font-semibold text-accent-strong underline"
                    >
                      <Trans>See {name}'s days</Trans>
                    </Link>
                    <p className="text-sm text-slate-700">{child.school.name}</p>
                    <ChildStressChoice child={child} />
                  </div>
                  <Button variant="secondary" onClick={() => setRemoving(child)}>
                    <Trans>Remove</Trans>
                    <span className="sr-only">{name}</span>
                  </Button>
                  <ChildDataRights child={child} request={latestRequest(child.id)} />
                </li>
              );
            })}
          </ul>
        )}
        <DoneDeletionRequests requests={requests.filter((r) => r.status === 'done')} />
      </Card>
      {children.data.length > 0 && <WeeklyEmailSetting />}
      <LinkAnotherChild />
      <ConfirmDialog
        open={removing !== undefined}
        onOpenChange={(open) => !open && setRemoving(undefined)}
        title={<Trans>Remove your link to {removingName}?</Trans>}
        confirmLabel={<Trans>Remove link</Trans>}
        pendingLabel={<Trans>Removing...</Trans>}
        pending={unlink.isPending}
        error={unlink.isError ? errorText(unlink.error) : undefined}
        onConfirm={() =>
          removing && unlink.mutate(removing.id, { onSuccess: () => setRemoving(undefined) })
        }
      >
        <p>
          <Trans>You will no longer see this child. To link again you need a family code.</Trans>
        </p>
      </ConfirmDialog>
    </>
  );
}

function LinkAnotherChild() {
  const [code, setCode] = useState('');
  const link = useLinkChild();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    link.mutate(code, { onSuccess: () => setCode('') });
  };
  return (
    <Card>
      <form onSubmit={submit} className="flex flex-col gap-3">
        <h2 className="text-xl font-bold">
          <Trans>Link another child</Trans>
        </h2>
        <FamilyCodeField
          value={code}
          onChange={(value) => {
            setCode(value);
            link.reset();
          }}
        />
        {link.isError && <ErrorBox messages={[errorText(link.error)]} />}
        <Button type="submit" disabled={link.isPending} className="self-start">
          <Trans>Link child</Trans>
        </Button>
      </form>
    </Card>
  );
}
