import { resolve } from 'node:path';
import {
  DEFAULT_QUOTE_CONTACT_EMAIL,
  RETENTION_DEFAULTS,
  RETENTION_LIMITS,
  type RetentionSettings,
} from '@wellbank/domain';
import { z } from 'zod';
import { isAllowedIssuer, providersFromEnv } from './modules/sign-in/providers.ts';

/** Unset and empty mean the same thing, so `FOO= npm start` does not trip a URL check. */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

/** A whole number from `min` to `max`; any other value gets `message`. */
const integerBetween = (min: number, max: number, message: string) =>
  z.coerce.number({ error: message }).int(message).min(min, message).max(max, message);

/** A period of the retention schedule: within RETENTION_LIMITS, the policy's figure by default. */
function retentionSetting(name: keyof RetentionSettings, unit: string) {
  const { min, max } = RETENTION_LIMITS[name];
  const message = `must be a whole number of ${unit} from ${min} to ${max}`;
  return optional(integerBetween(min, max, message)).default(RETENTION_DEFAULTS[name]);
}

const PROXY_MESSAGE = 'must be true or a comma-separated list of proxy addresses or CIDR ranges';
const proxyAddress = z.union([z.ipv4(), z.ipv6(), z.cidrv4(), z.cidrv6()]);

/**
 * Fastify's `trustProxy`: whom to believe about the client address in `X-Forwarded-For`. The rate
 * limits of lookups and sign-ups count per client address, so behind a load balancer this must
 * name it, or every visitor would share the balancer's one budget. Unset: nobody is believed.
 */
const trustProxySchema = z.string().transform((value, context): boolean | string[] => {
  if (value === 'true' || value === 'false') return value === 'true';
  const addresses = value.split(',').map((part) => part.trim());
  if (addresses.every((address) => proxyAddress.safeParse(address).success)) return addresses;
  context.addIssue({ code: 'custom', message: PROXY_MESSAGE });
  return z.NEVER;
});

const envSchema = z
  .object({
    PORT: optional(integerBetween(1, 65_535, 'must be a port number from 1 to 65535')).default(
      3000,
    ),
    DATA_DIR: optional(z.string()).default('./data'),
    DATABASE_URL: optional(
      z.url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// URL' }),
    ),
    APP_URL: optional(z.url({ protocol: /^https?$/, error: 'must be an http(s):// URL' })),
    SMTP_URL: optional(
      z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' }),
    ),
    MAIL_FROM: optional(z.string()).default('Wellbank <no-reply@wellbank.local>'),
    /** Shown to a school with more than 5,000 students, which asks for a quote (issue #16 §7). */
    QUOTE_CONTACT_EMAIL: optional(z.email({ error: 'must be an e-mail address' })).default(
      DEFAULT_QUOTE_CONTACT_EMAIL,
    ),
    STRIPE_SECRET_KEY: optional(z.string()),
    /**
     * The built-in test checkout (no card, a button that pays): on by default only while APP_URL
     * is not https, so a public server with no Stripe key never takes "payments" (decision 0046).
     */
    ALLOW_TEST_CHECKOUT: optional(z.enum(['0', '1'], { error: 'must be 1 or 0' })),
    STRIPE_WEBHOOK_SECRET: optional(z.string()),
    SENTRY_DSN: optional(z.url({ error: 'must be a URL' })),
    /** The built web app; parallel browser-test runs each build and serve their own copy. */
    WEB_DIST_DIR: optional(z.string()),
    LOG_LEVEL: optional(z.enum(['fatal', 'error', 'warn', 'info', 'debug'])).default('info'),
    TRUST_PROXY: optional(trustProxySchema).default(false),
    /** The bearer token of GET /metrics; unset, the route answers 404 and nothing is measured. */
    METRICS_TOKEN: optional(z.string().min(16, 'must be at least 16 characters')),
    /** How long SIGTERM may take (in-flight requests, jobs, the database) before exit anyway. */
    SHUTDOWN_TIMEOUT_MS: optional(
      integerBetween(100, 600_000, 'must be a number of milliseconds from 100 to 600000'),
    ).default(10_000),
    /** Web Push's VAPID key pair (base64url); unset, one is made at first start and kept. */
    VAPID_PUBLIC_KEY: optional(
      z.string().regex(/^[A-Za-z0-9_-]{87}$/, 'must be a base64url P-256 public key'),
    ),
    VAPID_PRIVATE_KEY: optional(
      z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'must be a base64url P-256 private key'),
    ),
    /** The retention schedule (decision 0023): shorter than the privacy policy's, never longer. */
    RETENTION_DETAIL_MONTHS: retentionSetting('detailMonths', 'months'),
    RETENTION_INACTIVE_MONTHS: retentionSetting('inactiveMonths', 'months'),
    RETENTION_NOTICE_DAYS: retentionSetting('noticeDays', 'days'),
    /** District sign-in (decision 0050): each provider is on when its id and secret are set. */
    GOOGLE_CLIENT_ID: optional(z.string()),
    GOOGLE_CLIENT_SECRET: optional(z.string()),
    MICROSOFT_CLIENT_ID: optional(z.string()),
    MICROSOFT_CLIENT_SECRET: optional(z.string()),
    CLEVER_CLIENT_ID: optional(z.string()),
    CLEVER_CLIENT_SECRET: optional(z.string()),
    CLASSLINK_CLIENT_ID: optional(z.string()),
    CLASSLINK_CLIENT_SECRET: optional(z.string()),
    OIDC_ISSUER: optional(
      z.string().refine(isAllowedIssuer, 'must be an https:// URL (http:// only on loopback)'),
    ),
    OIDC_CLIENT_ID: optional(z.string()),
    OIDC_CLIENT_SECRET: optional(z.string()),
    OIDC_NAME: optional(z.string().max(60, 'must be at most 60 characters')),
  })
  .extend({ INIT_CWD: optional(z.string()) })
  .refine((env) => !(env.ALLOW_TEST_CHECKOUT === '1' && env.STRIPE_SECRET_KEY), {
    message: 'the test checkout cannot be on while STRIPE_SECRET_KEY is set',
    path: ['ALLOW_TEST_CHECKOUT'],
  })
  .refine((env) => !env.VAPID_PUBLIC_KEY === !env.VAPID_PRIVATE_KEY, {
    message: 'set both VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, or neither',
    path: ['VAPID_PRIVATE_KEY'],
  })
  .superRefine((env, context) => {
    for (const prefix of ['GOOGLE', 'MICROSOFT', 'CLEVER', 'CLASSLINK', 'OIDC'] as const) {
      const id = env[`${prefix}_CLIENT_ID`];
      const secret = env[`${prefix}_CLIENT_SECRET`];
      if (!id !== !secret) {
        const message = `set both ${prefix}_CLIENT_ID and ${prefix}_CLIENT_SECRET, or neither`;
        context.addIssue({ code: 'custom', message, path: [`${prefix}_CLIENT_SECRET`] });
      }
    }
    const generic = [env.OIDC_ISSUER, env.OIDC_CLIENT_ID, env.OIDC_NAME];
    if (generic.some(Boolean) && !generic.every(Boolean)) {
      const message = 'set OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET and OIDC_NAME together';
      context.addIssue({ code: 'custom', message, path: ['OIDC_ISSUER'] });
    }
  })
  .transform(({ INIT_CWD, VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY, ALLOW_TEST_CHECKOUT, ...env }) => ({
    ...env,
    PAYMENTS: paymentsMode(env, ALLOW_TEST_CHECKOUT),
    SIGN_IN_PROVIDERS: providersFromEnv(env),
    VAPID:
      VAPID_PUBLIC_KEY && VAPID_PRIVATE_KEY
        ? { publicKey: VAPID_PUBLIC_KEY, privateKey: VAPID_PRIVATE_KEY }
        : undefined,
    RETENTION: {
      detailMonths: env.RETENTION_DETAIL_MONTHS,
      inactiveMonths: env.RETENTION_INACTIVE_MONTHS,
      noticeDays: env.RETENTION_NOTICE_DAYS,
    },
    // `npm start -w` runs in apps/api; npm's INIT_CWD is where the user typed it (the repo root).
    DATA_DIR: resolve(INIT_CWD ?? process.cwd(), env.DATA_DIR),
    WEB_DIST_DIR: env.WEB_DIST_DIR && resolve(INIT_CWD ?? process.cwd(), env.WEB_DIST_DIR),
    // Unset stays unset: links then follow the address each request came to (decision 0004).
    APP_URL: env.APP_URL?.replace(/\/+$/, ''),
  }));

export type Env = z.infer<typeof envSchema>;

/** Who takes payments: Stripe, the built-in test checkout, or nobody (checkouts answer 503). */
export type PaymentsMode = 'stripe' | 'test-checkout' | 'off';

function paymentsMode(
  env: { STRIPE_SECRET_KEY?: string | undefined; APP_URL?: string | undefined },
  allowTestCheckout: '0' | '1' | undefined,
): PaymentsMode {
  if (env.STRIPE_SECRET_KEY) return 'stripe';
  const isPublic = env.APP_URL?.startsWith('https:') ?? false;
  const testCheckout = allowTestCheckout === undefined ? !isPublic : allowTestCheckout === '1';
  return testCheckout ? 'test-checkout' : 'off';
}

export function parseEnv(
  source: Record<string, string | undefined>,
): { ok: true; env: Env } | { ok: false; message: string } {
  const result = envSchema.safeParse(source);
  if (result.success) return { ok: true, env: result.data };
  // One line, so it stays whole in any log that reads line by line.
  const problems = result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
  return { ok: false, message: `Invalid environment: ${problems.join('; ')}` };
}

/**
 * The only reader of process.env in the server (Biome's noProcessEnv; tests read theirs in
 * test/test-env.ts). Exits with a clear message when invalid.
 */
export function loadEnv(): Env {
  const result = parseEnv(process.env);
  if (result.ok) return result.env;
  console.error(result.message);
  process.exit(1);
}
