import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { ChevronRight, School, UserPlus, Users } from 'lucide-react';
import type { ComponentType } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';

const ROLES: {
  to: string;
  title: MessageDescriptor;
  detail: MessageDescriptor;
  Icon: ComponentType<{ className?: string }>;
}[] = [
  {
    to: '/sign-up/create/schools',
    title: msg`Coordinator`,
    detail: msg`sign up a new school`,
    Icon: School,
  },
  {
    to: '/sign-up/join/schools',
    title: msg`Students & staff`,
    detail: msg`join an existing school`,
    Icon: UserPlus,
  },
  {
    to: '/sign-up/join/teams',
    title: msg`Family & community`,
    detail: msg`join a student or staff member's team`,
    Icon: Users,
  },
];

export function RoleChooserPage() {
  const navigate = useNavigate();
  const { i18n } = useLingui();
  return (
    <Card>
      <h1 className="mb-4 text-2xl font-bold">
        <Trans>Select your role:</Trans>
      </h1>
      <ul className="flex flex-col gap-3">
        {ROLES.map(({ to, title, detail, Icon }) => (
          <li key={to}>
            <Link
              to={to}
              className="flex min-h-16 items-center gap-3 rounded-xl border-2 border-slate-200 bg-white p-3 hover:border-accent hover:bg-emerald-50"
            >
              <span className="grid size-11 shrink-0 place-items-center rounded-full bg-emerald-100 text-accent-strong">
                <Icon aria-hidden className="size-6" />
              </span>
              <span className="flex-1">
                <span className="block font-bold text-slate-900">{i18n._(title)}</span>
                <span className="block text-sm text-slate-700">({i18n._(detail)})</span>
              </span>
              <ChevronRight aria-hidden className="size-5 text-slate-500" />
            </Link>
          </li>
        ))}
      </ul>
      <Button variant="secondary" className="mt-5 w-full" onClick={() => navigate('/login')}>
        <Trans>Cancel</Trans>
      </Button>
    </Card>
  );
}
