import { lazy } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { lazyPage } from './lazy-page';

/*
 * The pages under /schools, for staff and admins only: their routes load with the first of them
 * instead of with every first load (the entry's route table grew with each page, decision 0018).
 * Rendered by app/router.tsx inside the signed-in, paid frame, at `schools/*`.
 */

// Lazy like the pages it guards: it asks the server for fresh roles (TanStack Query), which
// /login must not download (decision 0018).
const RequireRole = lazy(async () => ({
  default: (await import('./layouts/require-role')).RequireRole,
}));
const StudentsPage = lazyPage(
  () => import('@/features/schools/pages/students-page'),
  'StudentsPage',
);
const InsightsPage = lazyPage(
  () => import('@/features/insights/pages/insights-page'),
  'InsightsPage',
);
const JoinPosterPage = lazyPage(
  () => import('@/features/schools/pages/join-poster-page'),
  'JoinPosterPage',
);
const ClassSignInStaffPage = lazyPage(
  () => import('@/features/class-sign-in/pages/class-sign-in-staff-page'),
  'ClassSignInStaffPage',
);
const ClassCardsPage = lazyPage(
  () => import('@/features/class-sign-in/pages/class-cards-page'),
  'ClassCardsPage',
);
const ClassChallengesPage = lazyPage(
  () => import('@/features/class-challenges/pages/class-challenges-page'),
  'ClassChallengesPage',
);
const BadgesPage = lazyPage(() => import('@/features/schools/pages/badges-page'), 'BadgesPage');
const FamilyLettersPage = lazyPage(
  () => import('@/features/schools/pages/family-letters-page'),
  'FamilyLettersPage',
);
const TalkRequestsPage = lazyPage(
  () => import('@/features/schools/pages/talk-requests-page'),
  'TalkRequestsPage',
);
const StaffPage = lazyPage(() => import('@/features/schools/pages/staff-page'), 'StaffPage');
const UsersPage = lazyPage(() => import('@/features/schools/pages/users-page'), 'UsersPage');
const TeamsPage = lazyPage(() => import('@/features/schools/pages/teams-page'), 'TeamsPage');
const SemestersPage = lazyPage(
  () => import('@/features/schools/pages/semesters-page'),
  'SemestersPage',
);
const YearEndRolloverPage = lazyPage(
  () => import('@/features/schools/pages/year-end-rollover-page'),
  'YearEndRolloverPage',
);
const AuditLogPage = lazyPage(
  () => import('@/features/schools/pages/audit-log-page'),
  'AuditLogPage',
);
const ConsentsPage = lazyPage(
  () => import('@/features/schools/pages/consents-page'),
  'ConsentsPage',
);
const SignInMethodsPage = lazyPage(
  () => import('@/features/schools/pages/sign-in-methods-page'),
  'SignInMethodsPage',
);
const StressCheckInPage = lazyPage(
  () => import('@/features/schools/pages/stress-check-in-page'),
  'StressCheckInPage',
);
const TeamRankingPage = lazyPage(
  () => import('@/features/schools/pages/team-ranking-page'),
  'TeamRankingPage',
);

export function SchoolRoutes() {
  return (
    <Routes>
      <Route element={<RequireRole allowed="staff" />}>
        <Route path="students" element={<StudentsPage />} />
        <Route path="insights" element={<InsightsPage />} />
        <Route path="join-poster" element={<JoinPosterPage />} />
        <Route path="class-sign-in" element={<ClassSignInStaffPage />} />
        <Route path="class-cards" element={<ClassCardsPage />} />
        <Route path="class-challenges" element={<ClassChallengesPage />} />
        <Route path="badges" element={<BadgesPage />} />
        <Route path="family-letters" element={<FamilyLettersPage />} />
        <Route path="talk-requests" element={<TalkRequestsPage />} />
      </Route>
      <Route element={<RequireRole allowed="admin" />}>
        <Route path="staff" element={<StaffPage />} />
        <Route path="users" element={<UsersPage />} />
        <Route path="teams" element={<TeamsPage />} />
        <Route path="semesters" element={<SemestersPage />} />
        <Route path="year-end-rollover" element={<YearEndRolloverPage />} />
        <Route path="audit" element={<AuditLogPage />} />
        <Route path="consents" element={<ConsentsPage />} />
        <Route path="sign-in-methods" element={<SignInMethodsPage />} />
        <Route path="stress-check-in" element={<StressCheckInPage />} />
        <Route path="team-ranking" element={<TeamRankingPage />} />
      </Route>
      {/* As before this table was lazy: an unknown /schools path goes where any unknown path goes. */}
      <Route path="*" element={<Navigate to="/login" replace />} />
    </Routes>
  );
}
