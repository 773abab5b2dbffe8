import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { useEffect } from 'react';
import { matchPath, useLocation } from 'react-router';

/**
 * Each route's document title, in the active language (issue 17): "Log in · Wellbank". The policy
 * pages set their own (the policy's title). Paths not listed keep "Wellbank".
 */
const TITLES: [pattern: string, title: MessageDescriptor][] = [
  ['/login', msg`Log in`],
  ['/login/district', msg`Log in`],
  ['/badge', msg`Badge sign-in`],
  ['/sign-up', msg`Sign up`],
  ['/sign-up/create/schools', msg`Sign up your school`],
  ['/sign-up/join/schools', msg`Join your school`],
  ['/sign-up/join/schools/:schoolId', msg`Join your school`],
  ['/sign-up/invite/:token', msg`Invitation`],
  ['/sign-up/join/teams', msg`Find a team`],
  ['/sign-up/join/teams/:teamId', msg`Join a team`],
  ['/forgot-password', msg`Forgot password`],
  ['/forgot-password/reset', msg`Choose a new password`],
  ['/account-deleted', msg`Account deleted`],
  ['/unsubscribe', msg`Reminders`],
  ['/confirm-email', msg`Confirm your email address`],
  ['/undo-email-change', msg`Undo the email change`],
  ['/checkout/:id', msg`Payment`],
  ['/school-deletion', msg`School closed`],
  ['/team-donations', msg`Team donation`],
  ['/subscription-payments', msg`Subscription`],
  ['/profile', msg`User profile`],
  ['/dashboard', msg`Home`],
  ['/team', msg`Team`],
  ['/stress/:kind', msg`Stress`],
  ['/activities/:type', msg`Log an activity`],
  ['/progress', msg`Progress`],
  ['/days/:date', msg`A past day`],
  ['/schools/students', msg`Students`],
  ['/schools/insights', msg`Insights`],
  ['/schools/join-poster', msg`Join poster`],
  ['/schools/class-sign-in', msg`Class sign-in`],
  ['/schools/class-challenges', msg`Class challenges`],
  ['/schools/class-cards', msg`Class cards`],
  ['/class', msg`Class sign-in`],
  ['/class/:code', msg`Class sign-in`],
  ['/check-in', msg`Class check-in`],
  ['/schools/badges', msg`Badges`],
  ['/schools/staff', msg`Staff`],
  ['/schools/users', msg`Staff & students`],
  ['/schools/teams', msg`Teams`],
  ['/schools/semesters', msg`Intervals`],
  ['/schools/year-end-rollover', msg`Year-end rollover`],
  ['/schools/audit', msg`Activity log`],
  ['/schools/consents', msg`Consents`],
];

export function PageTitle() {
  const { pathname } = useLocation();
  const { i18n } = useLingui();
  useEffect(() => {
    const title = TITLES.find(([pattern]) => matchPath(pattern, pathname))?.[1];
    if (!title) return;
    document.title = i18n._(msg`${i18n._(title)} · Wellbank`);
  }, [pathname, i18n]);
  return null;
}
