import { POLICY_SLUGS } from '@wellbank/domain';
import { Navigate, Route, Routes } from 'react-router';
import { ClosedSchoolGate } from './layouts/closed-school-gate';
import { PaymentGate } from './layouts/payment-gate';
import { PublicLayout } from './layouts/public-layout';
import { RequireSession } from './layouts/require-session';
import { lazyPage } from './lazy-page';
import { RouteErrorBoundary } from './routes/route-error-boundary';

/*
 * Route pages load on demand, so a public page downloads only what it shows; so does TanStack
 * Query (QueryLayout), which the login and role pages do not use. Declarative mode (`<Routes>`)
 * instead of the data router keeps ~20 kB gzip of loader/action machinery, which no page uses,
 * out of the first load (docs/decisions/0018-web-bundle-budget.md).
 */

const LoginPage = lazyPage(() => import('@/features/auth/pages/login-page'), 'LoginPage');
const DistrictSignInPage = lazyPage(
  () => import('@/features/auth/pages/district-sign-in-page'),
  'DistrictSignInPage',
);
const BadgeSignInPage = lazyPage(
  () => import('@/features/auth/pages/badge-sign-in-page'),
  'BadgeSignInPage',
);
const ForgotPasswordPage = lazyPage(
  () => import('@/features/auth/pages/forgot-password-page'),
  'ForgotPasswordPage',
);
const ResetPasswordPage = lazyPage(
  () => import('@/features/auth/pages/reset-password-page'),
  'ResetPasswordPage',
);
const RoleChooserPage = lazyPage(
  () => import('@/features/sign-up/pages/role-chooser-page'),
  'RoleChooserPage',
);
const SchoolSignUpPage = lazyPage(
  () => import('@/features/sign-up/pages/school-sign-up-page'),
  'SchoolSignUpPage',
);
const JoinSchoolPage = lazyPage(
  () => import('@/features/sign-up/pages/join-school-page'),
  'JoinSchoolPage',
);
const JoinSchoolDetailPage = lazyPage(
  () => import('@/features/sign-up/pages/join-school-detail-page'),
  'JoinSchoolDetailPage',
);
const InviteSignUpPage = lazyPage(
  () => import('@/features/sign-up/pages/invite-sign-up-page'),
  'InviteSignUpPage',
);
const FindTeamPage = lazyPage(
  () => import('@/features/sign-up/pages/find-team-page'),
  'FindTeamPage',
);
const JoinTeamDetailPage = lazyPage(
  () => import('@/features/sign-up/pages/join-team-detail-page'),
  'JoinTeamDetailPage',
);

const PolicyPage = lazyPage(() => import('@/features/policies/pages/policy-page'), 'PolicyPage');

const SchoolRoutes = lazyPage(() => import('./school-routes'), 'SchoolRoutes');
const QueryLayout = lazyPage(() => import('./layouts/query-layout'), 'QueryLayout');
const AppShell = lazyPage(() => import('@/features/shell/components/app-shell'), 'AppShell');
const TeamDonationsPage = lazyPage(
  () => import('@/features/payments/pages/team-donations-page'),
  'TeamDonationsPage',
);
const SubscriptionPaymentsPage = lazyPage(
  () => import('@/features/payments/pages/subscription-payments-page'),
  'SubscriptionPaymentsPage',
);
const CheckoutPage = lazyPage(
  () => import('@/features/payments/pages/checkout-page'),
  'CheckoutPage',
);
const SchoolClosedPage = lazyPage(
  () => import('@/features/deletion/pages/school-closed-page'),
  'SchoolClosedPage',
);
const AccountDeletedPage = lazyPage(
  () => import('@/features/deletion/pages/account-deleted-page'),
  'AccountDeletedPage',
);
const ConfirmEmailPage = lazyPage(
  () => import('@/features/users/pages/email-link-page'),
  'ConfirmEmailPage',
);
const UndoEmailChangePage = lazyPage(
  () => import('@/features/users/pages/email-link-page'),
  'UndoEmailChangePage',
);
const UnsubscribePage = lazyPage(
  () => import('@/features/users/pages/unsubscribe-page'),
  'UnsubscribePage',
);
const ProfilePage = lazyPage(() => import('@/features/users/pages/profile-page'), 'ProfilePage');
const DashboardPage = lazyPage(
  () => import('@/features/dashboard/pages/dashboard-page'),
  'DashboardPage',
);
const DayPage = lazyPage(() => import('@/features/days/pages/day-page'), 'DayPage');
const TeamPage = lazyPage(() => import('@/features/team/pages/team-page'), 'TeamPage');
const StressPage = lazyPage(() => import('@/features/stress/pages/stress-page'), 'StressPage');
const ActivityPage = lazyPage(
  () => import('@/features/activities/pages/activity-page'),
  'ActivityPage',
);
const ProgressPage = lazyPage(
  () => import('@/features/progress/pages/progress-page'),
  'ProgressPage',
);
const FamilyPage = lazyPage(() => import('@/features/family/pages/family-page'), 'FamilyPage');
const ChildPage = lazyPage(() => import('@/features/family/pages/child-page'), 'ChildPage');
const FamilyLinkPage = lazyPage(
  () => import('@/features/family/pages/family-link-page'),
  'FamilyLinkPage',
);
const ClassCodePage = lazyPage(
  () => import('@/features/class-sign-in/pages/class-code-page'),
  'ClassCodePage',
);
const ClassCheckInPage = lazyPage(
  () => import('@/features/activities/pages/class-check-in-page'),
  'ClassCheckInPage',
);
const ClassPage = lazyPage(() => import('@/features/class-sign-in/pages/class-page'), 'ClassPage');

const toDashboard = <Navigate to="/dashboard" replace />;
const toLogin = <Navigate to="/login" replace />;

/**
 * SPEC.md §2: the public, signed-in and nested (payment-gated) route groups. Render errors, and a
 * page module that fails to download, reach the error boundary, which reports them (SPEC.md §8).
 *
 * No <Suspense> boundary: every route change is a transition (BrowserRouter starts one for each
 * history update, main.tsx one for the first render), so while a page downloads React keeps what
 * is on screen (nothing, on the first load) and shows the page when it is ready. A boundary's
 * blank fallback looked the same, but once a fallback has been shown React holds the content back
 * for up to 300 ms (FALLBACK_THROTTLE_MS), which delayed the first paint of every cold load.
 */
export function AppRoutes() {
  return (
    <RouteErrorBoundary>
      <Routes>
        <Route element={<RequireSession />}>
          <Route element={<QueryLayout />}>
            <Route path="school-deletion" element={<SchoolClosedPage />} />
            <Route element={<ClosedSchoolGate />}>
              <Route element={<AppShell />}>
                <Route path="team-donations" element={<TeamDonationsPage />} />
                <Route path="subscription-payments" element={<SubscriptionPaymentsPage />} />
                <Route path="profile" element={<ProfilePage />} />
                {/* A guardian's home (decision 0075): no payment of theirs is due. */}
                <Route path="family" element={<FamilyPage />} />
                {/* A linked child's days, read-only and before stress (decision 0079). */}
                <Route path="family/children/:id" element={<ChildPage />} />
                <Route element={<PaymentGate />}>
                  <Route path="dashboard" element={<DashboardPage />} />
                  <Route path="team" element={<TeamPage />} />
                  <Route path="stress" element={toDashboard} />
                  <Route path="stress/:kind" element={<StressPage />} />
                  <Route path="activities" element={toDashboard} />
                  <Route path="activities/:type" element={<ActivityPage />} />
                  <Route path="progress" element={<ProgressPage />} />
                  <Route path="days/:date" element={<DayPage />} />
                  {/* A child's turn on a class check-in's screen (decision 0085). */}
                  <Route path="check-in" element={<ClassCheckInPage />} />
                  {/* Staff and admin pages: a lazy table of their own (decision 0018). */}
                  <Route path="schools/*" element={<SchoolRoutes />} />
                </Route>
              </Route>
            </Route>
          </Route>
        </Route>
        <Route element={<QueryLayout />}>
          <Route path="checkout/:id" element={<CheckoutPage />} />
          {/* A reminder e-mail's link: works signed in or not, without a session (issue 15). */}
          <Route path="unsubscribe" element={<UnsubscribePage />} />
          {/* The e-mail links of decision 0044: the token alone, signed in or not. */}
          <Route path="confirm-email" element={<ConfirmEmailPage />} />
          <Route path="undo-email-change" element={<UndoEmailChangePage />} />
        </Route>
        {/* Public whether signed in or not: outside both groups (issue #13). */}
        {POLICY_SLUGS.map((slug) => (
          <Route key={slug} path={slug} element={<PolicyPage />} />
        ))}
        {/* A district sign-in's return: signed in already when it linked from /profile. */}
        <Route element={<PublicLayout signedInStays />}>
          <Route path="login/district" element={<DistrictSignInPage />} />
          {/* A badge's QR code (decision 0065): signs out whoever was here, signs the child in. */}
          <Route path="badge" element={<BadgeSignInPage />} />
          {/* A family letter's QR code (decision 0075): sign up, or link one more child. */}
          <Route element={<QueryLayout />}>
            <Route path="family/link" element={<FamilyLinkPage />} />
          </Route>
        </Route>
        {/* A class's names, often on the classroom's screen (decision 0085). */}
        <Route element={<PublicLayout wide />}>
          <Route element={<QueryLayout />}>
            <Route path="class/:code" element={<ClassPage />} />
          </Route>
        </Route>
        <Route element={<PublicLayout />}>
          <Route index element={toLogin} />
          <Route path="login" element={<LoginPage />} />
          <Route path="sign-up" element={<RoleChooserPage />} />
          <Route path="account-deleted" element={<AccountDeletedPage />} />
          <Route element={<QueryLayout />}>
            <Route path="forgot-password" element={<ForgotPasswordPage />} />
            {/* Class sign-in on a shared device (decision 0064): the code, then the class. */}
            <Route path="class" element={<ClassCodePage />} />
            <Route path="forgot-password/reset" element={<ResetPasswordPage />} />
            <Route path="sign-up/create/schools" element={<SchoolSignUpPage />} />
            <Route path="sign-up/join/schools" element={<JoinSchoolPage />} />
            <Route path="sign-up/join/schools/:schoolId" element={<JoinSchoolDetailPage />} />
            <Route path="sign-up/invite/:token" element={<InviteSignUpPage />} />
            <Route path="sign-up/join/teams" element={<FindTeamPage />} />
            <Route path="sign-up/join/teams/:teamId" element={<JoinTeamDetailPage />} />
          </Route>
          <Route path="*" element={toLogin} />
        </Route>
      </Routes>
    </RouteErrorBoundary>
  );
}
