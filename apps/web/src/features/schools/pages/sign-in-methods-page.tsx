import { Trans, useLingui } from '@lingui/react/macro';
import {
  type SchoolSignInMethods,
  SIGN_IN_RESTRICTIONS,
  type SignInProvider,
  type SignInProviderId,
} from '@wellbank/domain';
import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ErrorBox } from '@/components/ui/error-box';
import { Spinner } from '@/components/ui/spinner';
import { StatusMessage } from '@/components/ui/status-message';
import { Switch } from '@/components/ui/switch';
import { TextField } from '@/components/ui/text-field';
import { errorText } from '@/lib/platform/api-client';
import { useSession } from '@/lib/platform/session';
import { providerName, useSignInProviders } from '@/lib/platform/sign-in-providers';
import { useSaveSignInMethods, useSignInMethods } from '../api/sign-in-methods';

/**
 * Issue 33, decision 0050: which district sign-ins the school accepts, each perhaps narrowed to
 * the school's own domain, tenant or district, and whether passwords stop working for its
 * students and staff.
 */
export function SignInMethodsPage() {
  const { t } = useLingui();
  const schoolId = useSession()?.school.id ?? 0;
  const methods = useSignInMethods(schoolId);
  // Their names; a server without the list still shows the providers, by id.
  const providers = useSignInProviders();
  const pending = methods.isPending || providers.isPending;
  return (
    <Card aria-labelledby="sign-in-methods-title" className="flex flex-col gap-4">
      <h1 id="sign-in-methods-title" className="text-2xl font-bold">
        <Trans>Sign-in methods</Trans>
      </h1>
      <p className="text-slate-700">
        <Trans>
          Students and staff can sign in with their district accounts instead of a Wellbank
          password. Choose the ones your school accepts.
        </Trans>
      </p>
      {pending && <Spinner label={t`Loading sign-in methods...`} />}
      {methods.isError && <ErrorBox messages={[errorText(methods.error)]} />}
      {methods.data && !pending && (
        <SignInMethodsForm schoolId={schoolId} saved={methods.data} providers={providers.data} />
      )}
    </Card>
  );
}

function SignInMethodsForm({
  schoolId,
  saved,
  providers,
}: {
  schoolId: number;
  saved: SchoolSignInMethods;
  providers: readonly SignInProvider[] | undefined;
}) {
  const { t } = useLingui();
  const save = useSaveSignInMethods(schoolId);
  const [methods, setMethods] = useState(saved);
  const change = (next: SchoolSignInMethods) => {
    save.reset();
    setMethods(next);
  };
  const changeProvider = (
    id: SignInProviderId,
    patch: Partial<{ enabled: boolean; restriction: string | null }>,
  ) =>
    change({
      ...methods,
      providers: methods.providers.map((method) =>
        method.id === id ? { ...method, ...patch } : method,
      ),
    });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate({
      ...methods,
      providers: methods.providers.map((method) => ({
        ...method,
        restriction: method.restriction?.trim() || null,
      })),
    });
  };

  if (methods.providers.length === 0) {
    return (
      <p className="text-slate-700">
        <Trans>
          No district sign-in is set up on this Wellbank server yet. Its administrator can add
          Google, Microsoft, Clever or ClassLink.
        </Trans>
      </p>
    );
  }
  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      <ul className="flex flex-col gap-3">
        {methods.providers.map((method) => {
          const name = providerName(method.id, providers);
          return (
            <li
              key={method.id}
              className="flex flex-col gap-2 rounded-xl border-2 border-slate-200 p-3"
            >
              <div className="flex items-center justify-between gap-3">
                <h2 className="text-lg font-semibold">{name}</h2>
                <Switch
                  checked={method.enabled}
                  onCheckedChange={(enabled) => changeProvider(method.id, { enabled })}
                  label={t`Accept ${name}`}
                />
              </div>
              <RestrictionField
                provider={{ id: method.id, name }}
                value={method.restriction ?? ''}
                disabled={!method.enabled}
                onChange={(restriction) => changeProvider(method.id, { restriction })}
              />
            </li>
          );
        })}
      </ul>
      <div className="flex flex-col gap-2 rounded-xl border-2 border-slate-200 p-3">
        <div className="flex items-center justify-between gap-3">
          <h2 id="district-only-title" className="text-lg font-semibold">
            <Trans>District sign-in only</Trans>
          </h2>
          <Switch
            checked={methods.district_only}
            onCheckedChange={(on) => change({ ...methods, district_only: on })}
            label={t`District sign-in only`}
            aria-describedby="district-only-hint"
          />
        </div>
        <p id="district-only-hint" className="text-sm text-slate-700">
          <Trans>
            When it is on, passwords stop working for your school's students and staff: they sign in
            with the buttons of the accounts above. Coordinators can still use their password.
          </Trans>
        </p>
      </div>
      {save.isError && <ErrorBox messages={[errorText(save.error)]} />}
      {save.isSuccess && (
        <StatusMessage>
          <Trans>Sign-in methods saved.</Trans>
        </StatusMessage>
      )}
      <Button type="submit" disabled={save.isPending} className="self-start">
        {save.isPending ? <Trans>Saving...</Trans> : <Trans>Save</Trans>}
      </Button>
    </form>
  );
}

/** "Only accounts of …": the claim SIGN_IN_RESTRICTIONS names for this provider, if any. */
function RestrictionField({
  provider,
  value,
  disabled,
  onChange,
}: {
  provider: SignInProvider;
  value: string;
  disabled: boolean;
  onChange: (value: string) => void;
}) {
  const { t } = useLingui();
  const restriction = SIGN_IN_RESTRICTIONS[provider.id];
  if (!restriction) return null;
  const name = provider.name;
  const texts = {
    domain: {
      label: t`Only accounts of the domain`,
      hint: t`Your school's ${name} domain, like lincoln.k12.ca.us. Empty: every ${name} account may sign in.`,
    },
    tenant: {
      label: t`Only accounts of the tenant`,
      hint: t`Your district's ${name} tenant ID. Empty: every ${name} account may sign in.`,
    },
    district: {
      label: t`Only accounts of the district`,
      hint: t`Your district's ${name} district ID. Empty: every ${name} account may sign in.`,
    },
  }[restriction.kind];
  return (
    <TextField
      label={texts.label}
      hint={texts.hint}
      value={value}
      disabled={disabled}
      maxLength={200}
      autoComplete="off"
      spellCheck={false}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}
