import type { DistrictSignInError } from './sign-in.ts';

/**
 * What /login/district says for each way a sign-in at the district's provider can end without a
 * ticket (decision 0050): what happened, then what to do. Apart from MESSAGES so that the login
 * page's first load does not carry them.
 */
export const DISTRICT_SIGN_IN_ERROR_TEXTS = {
  denied:
    /*i18n*/ "The sign-in was cancelled or refused at your school's sign-in page. Try again, or sign in with your email and password.",
  failed:
    /*i18n*/ "Wellbank could not check the answer of your school's sign-in page, so nothing happened. Please start again from the login page.",
  expired:
    /*i18n*/ 'The sign-in took longer than ten minutes and expired. Please start again from the login page.',
  unverified:
    /*i18n*/ "Your school's sign-in did not confirm your email address, so Wellbank cannot tell who you are. Sign in with your email and password, or ask your school to check your account.",
  not_allowed:
    /*i18n*/ 'Your school does not accept this sign-in for your account. Use the sign-in button your school told you to use, or ask your coordinator.',
  taken:
    /*i18n*/ 'This school account is already linked to another Wellbank account. Sign in with that account, or ask your coordinator for help.',
  too_many:
    /*i18n*/ 'Too many sign-in attempts from here. Please wait a few minutes, then try again.',
} as const satisfies Record<DistrictSignInError, string>;
