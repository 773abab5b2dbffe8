import { useCallback, useState } from 'react';
import { Card } from '@/components/ui/card';
import { ErrorBox } from '@/components/ui/error-box';
import { Spinner } from '@/components/ui/spinner';
import { StatusMessage } from '@/components/ui/status-message';
import { errorText } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { useCreateSemester, useSemesters, useToggleSemester } from '../api/semesters';
import { SemesterForm } from '../components/semester-form';
import { SemestersTable } from '../components/semesters-table';

export function SemestersPage() {
  const schoolId = useSession()?.school.id ?? 0;
  const semesters = useSemesters(schoolId);
  const create = useCreateSemester(schoolId);
  const toggle = useToggleSemester(schoolId);
  const [created, setCreated] = useState(false);
  const resetCreate = create.reset;
  const clearCreateMessages = useCallback(() => {
    resetCreate();
    setCreated(false);
  }, [resetCreate]);

  return (
    <>
      <Card aria-labelledby="semesters-title" className="flex flex-col gap-4">
        <h1 id="semesters-title" className="text-2xl font-bold">
          Schedule interval settings
        </h1>
        <p className="text-slate-700">
          An interval is a date range for which points are computed, for example a quarter or a
          semester. Only the active interval counts toward everyone's points, and one interval can
          be active at a time.
        </p>
        {semesters.isPending && <Spinner label="Loading intervals..." />}
        {semesters.isError && <ErrorBox messages={[errorText(semesters.error)]} />}
        {toggle.isError && <ErrorBox messages={[errorText(toggle.error)]} />}
        {semesters.isSuccess && semesters.data.length === 0 && (
          <p className="text-slate-700">No intervals yet. Create one below.</p>
        )}
        {semesters.isSuccess && semesters.data.length > 0 && (
          <SemestersTable
            semesters={semesters.data}
            busy={toggle.isPending || semesters.isFetching}
            onToggle={(id) => toggle.mutate(id)}
          />
        )}
      </Card>
      <Card aria-labelledby="create-semester-title" className="flex flex-col gap-4">
        <h2 id="create-semester-title" className="text-xl font-bold">
          Create an interval
        </h2>
        <SemesterForm
          pending={create.isPending}
          serverError={create.isError ? errorText(create.error) : undefined}
          clearServerError={clearCreateMessages}
          onCreate={(body, done) => {
            setCreated(false);
            create.mutate(body, {
              onSuccess: () => {
                done();
                setCreated(true);
              },
            });
          }}
        />
        {created && <StatusMessage>Interval created.</StatusMessage>}
      </Card>
    </>
  );
}
