import { ChevronRight, School, UserPlus, Users } from 'lucide-react';
import type { ComponentType } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';

const ROLES: {
  to: string;
  title: string;
  detail: string;
  Icon: ComponentType<{ className?: string }>;
}[] = [
  {
    to: '/sign-up/create/schools',
    title: 'Coordinator',
    detail: 'sign up a new school',
    Icon: School,
  },
  {
    to: '/sign-up/join/schools',
    title: 'Students & staff',
    detail: 'join an existing school',
    Icon: UserPlus,
  },
  {
    to: '/sign-up/join/teams',
    title: 'Family & community',
    detail: "join a student or staff member's team",
    Icon: Users,
  },
];

export function RoleChooserPage() {
  const navigate = useNavigate();
  return (
    <Card>
      <h1 className="mb-4 text-2xl font-bold">Select your role:</h1>
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
                <span className="block font-bold text-slate-900">{title}</span>
                <span className="block text-sm text-slate-700">({detail})</span>
              </span>
              <ChevronRight aria-hidden className="size-5 text-slate-500" />
            </Link>
          </li>
        ))}
      </ul>
      <Button variant="secondary" className="mt-5 w-full" onClick={() => navigate('/login')}>
        Cancel
      </Button>
    </Card>
  );
}
