import type { RoleName } from '@wellbank/domain';
import {
  CalendarRange,
  ChartColumn,
  ChartLine,
  FileCheck,
  House,
  type LucideIcon,
  Medal,
  ScrollText,
  UserCog,
  UserRound,
  Users,
  UsersRound,
} from 'lucide-react';

export interface SidebarSection {
  title?: string;
  /** Shown only to this role, and never while a payment is due (SPEC.md §2). */
  role?: RoleName;
  links: { to: string; label: string; Icon: LucideIcon }[];
}

export const SIDEBAR_SECTIONS: readonly SidebarSection[] = [
  {
    title: 'Coordinator use',
    role: 'admin',
    links: [
      { to: '/schools/staff', label: 'Staff points', Icon: UserCog },
      { to: '/schools/users', label: 'Staff & students', Icon: UsersRound },
      { to: '/schools/semesters', label: 'Schedule interval settings', Icon: CalendarRange },
      { to: '/schools/audit', label: 'Activity log', Icon: ScrollText },
      { to: '/schools/consents', label: 'Consent record', Icon: FileCheck },
    ],
  },
  {
    title: 'Staff use',
    role: 'staff',
    links: [
      { to: '/schools/students', label: 'Student points', Icon: Users },
      { to: '/schools/insights', label: 'School insights', Icon: ChartColumn },
    ],
  },
  {
    links: [
      { to: '/dashboard', label: 'Home', Icon: House },
      { to: '/progress', label: 'Progress', Icon: ChartLine },
      { to: '/profile', label: 'User profile', Icon: UserRound },
      { to: '/team', label: 'My team ranking', Icon: Medal },
    ],
  },
];
