import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { RoleName } from '@wellbank/domain';
import {
  CalendarRange,
  ChartColumn,
  ChartLine,
  FileCheck,
  Flag,
  House,
  IdCard,
  KeyRound,
  type LucideIcon,
  Medal,
  Presentation,
  QrCode,
  ScrollText,
  UserCog,
  UserRound,
  Users,
  UsersRound,
} from 'lucide-react';

export interface SidebarSection {
  title?: MessageDescriptor;
  /** Shown only to this role, and never while a payment is due (SPEC.md §2). */
  role?: RoleName;
  links: { to: string; label: MessageDescriptor; Icon: LucideIcon }[];
}

export const SIDEBAR_SECTIONS: readonly SidebarSection[] = [
  {
    title: msg`Coordinator use`,
    role: 'admin',
    links: [
      { to: '/schools/staff', label: msg`Staff points`, Icon: UserCog },
      { to: '/schools/users', label: msg`Staff & students`, Icon: UsersRound },
      { to: '/schools/teams', label: msg`Teams`, Icon: Flag },
      { to: '/schools/semesters', label: msg`Schedule interval settings`, Icon: CalendarRange },
      { to: '/schools/audit', label: msg`Activity log`, Icon: ScrollText },
      { to: '/schools/consents', label: msg`Consent record`, Icon: FileCheck },
      { to: '/schools/sign-in-methods', label: msg`Sign-in methods`, Icon: KeyRound },
    ],
  },
  {
    title: msg`Staff use`,
    role: 'staff',
    links: [
      { to: '/schools/students', label: msg`Student points`, Icon: Users },
      { to: '/schools/insights', label: msg`School insights`, Icon: ChartColumn },
      { to: '/schools/join-poster', label: msg`Join poster`, Icon: QrCode },
      { to: '/schools/class-sign-in', label: msg`Class sign-in`, Icon: Presentation },
      { to: '/schools/badges', label: msg`Badges`, Icon: IdCard },
    ],
  },
  {
    links: [
      { to: '/dashboard', label: msg`Home`, Icon: House },
      { to: '/progress', label: msg`Progress`, Icon: ChartLine },
      { to: '/profile', label: msg`User profile`, Icon: UserRound },
      { to: '/team', label: msg`My team ranking`, Icon: Medal },
    ],
  },
];
