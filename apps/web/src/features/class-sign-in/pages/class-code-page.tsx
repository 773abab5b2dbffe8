import { Trans, useLingui } from '@lingui/react/macro';
import { CLASS_CODE_LENGTH, isClassCode, normalizeClassCode } from '@wellbank/domain';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { ReadAloud } from '@/components/read-aloud';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { TextField } from '@/components/ui/text-field';

/** /class: the class code typed by hand, for a device that cannot scan the QR code. */
export function ClassCodePage() {
  const { t } = useLingui();
  const navigate = useNavigate();
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const code = normalizeClassCode(typed);
    if (!isClassCode(code)) {
      setError(t`A class code has ${CLASS_CODE_LENGTH} letters and numbers.`);
      return;
    }
    void navigate(`/class/${code}`);
  };

  return (
    <Card className="flex flex-col gap-4">
      <ReadAloud />
      <h1 className="text-2xl font-bold">
        <Trans>Class sign-in</Trans>
      </h1>
      <p>
        <Trans>Type the class code your teacher shows you.</Trans>
      </p>
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        <TextField
          label={t`Class code`}
          value={typed}
          onChange={(event) => {
            setTyped(event.target.value);
            setError(undefined);
          }}
          autoCapitalize="characters"
          autoComplete="off"
          spellCheck={false}
          error={error}
          className="[&_input]:font-mono [&_input]:text-2xl [&_input]:tracking-widest"
        />
        <Button type="submit">
          <Trans>Go to my class</Trans>
        </Button>
      </form>
    </Card>
  );
}
