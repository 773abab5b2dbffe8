import { z } from 'zod';
import { englishText, textTemplate } from './i18n/texts.ts';
import { invitationSchema } from './roster.ts';
import { sessionRecordSchema } from './wire.ts';

/**
 * District sign-in through OpenID Connect (issue 33, decision 0050): the providers a deployment
 * can configure, what the school may narrow them to, and the wire shapes of the sign-in routes.
 */
export const SIGN_IN_PROVIDERS = ['google', 'microsoft', 'clever', 'classlink', 'oidc'] as const;
export type SignInProviderId = (typeof SIGN_IN_PROVIDERS)[number];
export const signInProviderIdSchema = z.enum(SIGN_IN_PROVIDERS);

/**
 * The claim a school narrows each provider to: Google's hosted domain (`hd`), Microsoft's tenant
 * (`tid`), Clever's district id (`district`), ClassLink's tenant (`tenantid`). A generic OpenID
 * provider is one deployment's own, so there is nothing to narrow.
 */
export const SIGN_IN_RESTRICTIONS = {
  google: { claim: 'hd', kind: 'domain' },
  microsoft: { claim: 'tid', kind: 'tenant' },
  clever: { claim: 'district', kind: 'district' },
  classlink: { claim: 'tenantid', kind: 'tenant' },
  oidc: null,
} as const satisfies Record<SignInProviderId, { claim: string; kind: string } | null>;

/** GET /sign-in/providers: what the deployment configured, in the order the login page shows. */
export const signInProviderSchema = z.object({ id: signInProviderIdSchema, name: z.string() });
export type SignInProvider = z.infer<typeof signInProviderSchema>;
export const signInProvidersSchema = z.object({ providers: z.array(signInProviderSchema) });

/**
 * Why a sign-in at the provider ended without a ticket: the callback sends the browser to
 * `/login/district#error={code}` and the page says what happened and what to do.
 */
export const DISTRICT_SIGN_IN_ERRORS = [
  /** The person cancelled at the provider, or it refused them. */
  'denied',
  /** The answer did not check out: wrong or missing state, replayed or expired code, iss mix-up. */
  'failed',
  /** The attempt was started more than ten minutes ago. */
  'expired',
  /** The provider did not say the e-mail is verified, so it cannot find an account. */
  'unverified',
  /** The account's school does not accept this provider, or not this domain/tenant/district. */
  'not_allowed',
  /** Linking: this district account is already linked to another Wellbank account. */
  'taken',
  /** Too many failed sign-ins from this address. */
  'too_many',
] as const;
export type DistrictSignInError = (typeof DISTRICT_SIGN_IN_ERRORS)[number];

/** POST /sign-in/oidc/ticket body: the one-time ticket the callback put in the page's fragment. */
export const signInTicketSchema = z.object({ ticket: z.string().min(20).max(100) });

/**
 * POST /sign-in/oidc/ticket answers what the sign-in at the provider found: a session (a bound
 * account, or one found by its verified e-mail and bound now), an open invitation that waits for
 * the privacy agreement, an address the school does not know, or a link made from /profile.
 * Only `invitation` leaves the ticket usable, for its accept.
 */
export const signInTicketResultSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('session'), session: sessionRecordSchema }),
  z.object({ kind: z.literal('invitation'), invitation: invitationSchema }),
  z.object({ kind: z.literal('unknown'), email: z.string() }),
  z.object({ kind: z.literal('linked'), provider: signInProviderIdSchema }),
]);
export type SignInTicketResult = z.infer<typeof signInTicketResultSchema>;

/** POST /sign-in/oidc/ticket/accept body: the invitation's privacy agreement, as on its page. */
export const signInTicketAcceptSchema = z.object({
  ticket: z.string().min(20).max(100),
  agree_to_policies: z.literal(true),
});

/** GET /users/{id}/sign-ins: the district accounts linked to the user's Wellbank account. */
export const linkedSignInSchema = z.object({
  provider: signInProviderIdSchema,
  name: z.string(),
  email: z.string().nullable(),
  created_at: z.string(),
  /** The school's calendar day of `created_at`: the page needs no read of the school for it. */
  created_on: z.string(),
});
export const linkedSignInsSchema = z.object({
  sign_ins: z.array(linkedSignInSchema),
  has_password: z.boolean(),
});
export type LinkedSignIns = z.infer<typeof linkedSignInsSchema>;

/** GET/PUT /schools/{id}/sign-in-methods: the coordinator's "Sign-in methods" page. */
export const schoolSignInMethodSchema = z.object({
  id: signInProviderIdSchema,
  enabled: z.boolean(),
  /** The domain, tenant or district id the provider is narrowed to; null accepts all. */
  restriction: z.string().trim().min(1).max(200).nullable(),
});
export const schoolSignInMethodsSchema = z.object({
  providers: z.array(schoolSignInMethodSchema),
  district_only: z.boolean(),
});
export type SchoolSignInMethods = z.infer<typeof schoolSignInMethodsSchema>;

const DISTRICT_ONLY_ONE = textTemplate(
  /*i18n*/ 'Your school signs in with {name}. Use "Sign in with {name}".',
  { name: 'raw' },
);
const DISTRICT_ONLY_MANY = textTemplate(
  /*i18n*/ 'Your school signs in with {names}. Use the "Sign in with" button of your account.',
  { names: 'raw' },
);

export const SIGN_IN_MESSAGES = {
  /** District sign-in only, and none of the school's providers is configured any more. */
  districtOnlyNoProvider:
    /*i18n*/ 'Your school signs in with its district accounts. Ask your school how to sign in.',
  providerNotConfigured: /*i18n*/ 'This sign-in method is not available here',
  providerListedTwice: /*i18n*/ 'Each sign-in method may be listed only once',
  providerNotNarrowed: /*i18n*/ 'This sign-in method cannot be narrowed to a domain or tenant',
  districtOnlyNeedsProvider:
    /*i18n*/ 'Turn on at least one sign-in method before requiring district sign-in',
  /** POST /sign-in/oidc/ticket(/accept): the ticket is unknown, spent or past its minutes. */
  ticketInvalid: /*i18n*/ 'This sign-in has expired or was already used. Please sign in again.',
  /** The invitation's district account was linked to another account meanwhile. */
  districtAccountTaken:
    /*i18n*/ 'This district account is already linked to another Wellbank account',
  lastWayIn:
    /*i18n*/ 'This is the only way into your account: link another sign-in method before removing it',
  /**
   * The refusal of a password where the school requires district sign-in, naming the buttons to
   * use: the providers the school accepts, by their display names.
   */
  districtOnly(names: readonly string[]): string {
    const [only] = names;
    if (only === undefined) return SIGN_IN_MESSAGES.districtOnlyNoProvider;
    if (names.length === 1) return englishText(DISTRICT_ONLY_ONE, { name: only });
    return englishText(DISTRICT_ONLY_MANY, { names: names.join(', ') });
  },
};
