import type { LucideIcon } from 'lucide-react';
import { NavLink } from 'react-router';
import { cn } from '@/lib/platform/cn';

interface SidebarLinkProps {
  to: string;
  label: string;
  Icon: LucideIcon;
  onNavigate?: () => void;
}

export function SidebarLink({ to, label, Icon, onNavigate }: SidebarLinkProps) {
  return (
    <NavLink
      to={to}
      onClick={onNavigate}
      className={({ isActive }) =>
        cn(
          'flex min-h-12 items-center gap-3 rounded-xl px-3 font-semibold text-slate-800 hover:bg-emerald-50',
          isActive && 'bg-emerald-100 text-accent-strong',
        )
      }
    >
      <Icon aria-hidden className="size-5 text-accent-strong" />
      {label}
    </NavLink>
  );
}
