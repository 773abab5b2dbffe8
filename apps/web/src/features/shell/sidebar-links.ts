import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { RoleName } from '@wellbank/domain';
import {
  CalendarRange,
  ChartColumn,
  ChartLine,
  FileCheck,
  Flag,
  GraduationCap,
  Heart,
  HeartPulse,
  House,
  IdCard,
  KeyRound,
  type LucideIcon,
  Mail,
  Medal,
  MessageCircleHeart,
  Presentation,
  QrCode,
  ScrollText,
  Trophy,
  UserCog,
  UserRound,
  Users,
  UsersRound,
} from 'lucide-react';

export interface SidebarSection {
  title?: MessageDescriptor;
  /** Shown only to this role, and never while a payment is due (SPEC.md §2). */
  role?: RoleName;
  /** Hidden from this role: a guardian logs nothing and has no team (decision 0075). */
  notFor?: RoleName;
  links: {
    to: string;
    label: MessageDescriptor;
    Icon: LucideIcon;
    /** Shown only to the staff the coordinator named counsellors (decision 0073). */
    counsellorOnly?: boolean;
  }[];
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
      { to: '/schools/year-end-rollover', label: msg`Year-end rollover`, Icon: GraduationCap },
      { to: '/schools/audit', label: msg`Activity log`, Icon: ScrollText },
      { to: '/schools/consents', label: msg`Consent record`, Icon: FileCheck },
      { to: '/schools/sign-in-methods', label: msg`Sign-in methods`, Icon: KeyRound },
      { to: '/schools/stress-check-in', label: msg`Stress check-in`, Icon: HeartPulse },
      { to: '/schools/team-ranking', label: msg`Team ranking`, Icon: Trophy },
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
      { to: '/schools/class-challenges', label: msg`Class challenges`, Icon: Trophy },
      { to: '/schools/badges', label: msg`Badges`, Icon: IdCard },
      { to: '/schools/family-letters', label: msg`Family letters`, Icon: Mail },
      {
        to: '/schools/talk-requests',
        label: msg`Talk requests`,
        Icon: MessageCircleHeart,
        counsellorOnly: true,
      },
    ],
  },
  {
    role: 'guardian',
    links: [
      { to: '/family', label: msg`My children`, Icon: Heart },
      { to: '/profile', label: msg`User profile`, Icon: UserRound },
    ],
  },
  {
    notFor: 'guardian',
    links: [
      { to: '/dashboard', label: msg`Home`, Icon: House },
      { to: '/progress', label: msg`Progress`, Icon: ChartLine },
      { to: '/profile', label: msg`User profile`, Icon: UserRound },
      { to: '/team', label: msg`My team ranking`, Icon: Medal },
    ],
  },
];
