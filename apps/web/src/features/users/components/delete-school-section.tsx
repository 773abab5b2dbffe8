import { Trans, useLingui } from '@lingui/react/macro';
import { SCHOOL_PURGE_GRACE_DAYS, type SessionRecord } from '@wellbank/domain';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { ErrorBox } from '@/components/ui/error-box';
import { TextField } from '@/components/ui/text-field';
import { errorText } from '@/lib/platform/api-client';
import { useDeleteSchool } from '@/lib/platform/deletion';
import { ProfileSection } from './profile-section';

/**
 * /profile for a coordinator: deleting the school, confirmed by typing its code (decision 0022).
 * Their own account goes with it, so this takes the place of "Delete my account".
 */
export function DeleteSchoolSection({ user }: { user: SessionRecord }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const school = user.school.name;
  const days = SCHOOL_PURGE_GRACE_DAYS;
  const remove = useDeleteSchool(user);
  const [code, setCode] = useState('');
  return (
    <ProfileSection title={t`Delete the school`}>
      <p className="text-slate-700">
        <Trans>
          Deleting {school} closes it at once: nobody but its coordinators can sign in. After {days}{' '}
          days everything of it is deleted for good: every account, day logged, team and interval.
          Until then you can export its data or cancel. Your own account goes with the school.
        </Trans>
      </p>
      <form
        noValidate
        className="flex flex-col gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          remove.mutate(code, { onSuccess: () => navigate('/school-deletion', { replace: true }) });
        }}
      >
        <TextField
          label={t`Type the school code to confirm`}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          value={code}
          onChange={(event) => {
            setCode(event.target.value);
            remove.reset();
          }}
        />
        {remove.isError && <ErrorBox messages={[errorText(remove.error)]} />}
        <Button
          type="submit"
          variant="danger"
          className="self-start"
          disabled={remove.isPending}
          aria-busy={remove.isPending}
        >
          <Trans>Delete the school</Trans>
        </Button>
      </form>
    </ProfileSection>
  );
}
