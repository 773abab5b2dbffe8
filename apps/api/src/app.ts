import fastifySwagger from '@fastify/swagger';
import { DEFAULT_QUOTE_CONTACT_EMAIL, MESSAGES } from '@wellbank/domain';
import Fastify, { type FastifyServerOptions } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Db } from './db/client.ts';
import { databaseReadiness } from './db/readiness.ts';
import type { AppContext } from './http/context.ts';
import { answerUnroutablePath, installErrorHandler } from './http/error-handler.ts';
import { installErrorLanguage } from './http/error-language.ts';
import { answerClientError, installProtocolChecks } from './http/protocol-errors.ts';
import { RequestLogController, requestLogger } from './http/request-log.ts';
import { installSecurityHeaders, securityHeaders } from './http/security-headers.ts';
import { installServerTiming } from './http/server-timing.ts';
import { isPageRequest, registerWebApp } from './http/web-app.ts';
import { readWebBuildSources } from './http/web-build.ts';
import type { JobQueue } from './jobs/job-queue.ts';
import { activitiesRoutes } from './modules/activities/activities.routes.ts';
import { auditLogRoutes } from './modules/audit-log/audit-log.routes.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { badgesRoutes } from './modules/badges/badges.routes.ts';
import { classChallengesRoutes } from './modules/class-challenges/class-challenges.routes.ts';
import { classSignInRoutes } from './modules/class-sign-in/class-sign-in.routes.ts';
import { consentsRoutes } from './modules/consents/consents.routes.ts';
import { deletionRoutes } from './modules/deletion/deletion.routes.ts';
import { exportsRoutes } from './modules/exports/exports.routes.ts';
import { familyRoutes } from './modules/family/family.routes.ts';
import { insightsRoutes } from './modules/insights/insights.routes.ts';
import { leaderboardRoutes } from './modules/leaderboard/leaderboard.routes.ts';
import { createLocalProvider } from './modules/payments/local-provider.ts';
import { type PaymentsConfig, paymentsRoutes } from './modules/payments/payments.routes.ts';
import { personalBadgesRoutes } from './modules/personal-badges/personal-badges.routes.ts';
import { createReminderKeys, type ReminderKeys } from './modules/reminders/reminder-keys.ts';
import { type RemindersConfig, remindersRoutes } from './modules/reminders/reminders.routes.ts';
import { rosterRoutes } from './modules/roster/roster.routes.ts';
import { schoolUsersRoutes } from './modules/school-users/school-users.routes.ts';
import { schoolsRoutes } from './modules/schools/schools.routes.ts';
import { semestersRoutes } from './modules/semesters/semesters.routes.ts';
import { districtSignInRoutes } from './modules/sign-in/district-sign-in.routes.ts';
import type { SignInProviderConfig } from './modules/sign-in/providers.ts';
import { signInMethodsRoutes } from './modules/sign-in/sign-in-methods.routes.ts';
import { snapshotsRoutes } from './modules/snapshots/snapshots.routes.ts';
import { streaksRoutes } from './modules/streaks/streaks.routes.ts';
import { stressChoiceRoutes } from './modules/stress-choice/stress-choice.routes.ts';
import { teamsRoutes } from './modules/teams/teams.routes.ts';
import { usersRoutes } from './modules/users/users.routes.ts';
import { yearEndRolloverRoutes } from './modules/year-end-rollover/year-end-rollover.routes.ts';
import { installRequestMetrics, type Metrics } from './operations/metrics.ts';
import { operationsRoutes } from './operations/operations.routes.ts';
import type { ReadinessCheck } from './operations/readiness.ts';
import { type PressureLimits, registerUnderPressure } from './operations/under-pressure.ts';

export const API_PREFIX = '/api/v1';

export interface AppDeps {
  db: Db;
  /** Started by the caller (server.ts, test-app.ts), which also stops it. */
  jobs: JobQueue;
  /** APP_URL; unset, checkout links follow the address each request came to. */
  appUrl?: string | undefined;
  /** The clock; tests move it. */
  now?: () => Date;
  /** QUOTE_CONTACT_EMAIL: where a school too large for the tiers asks for a quote. */
  quoteContactEmail?: string;
  /** The district sign-in providers configured (decision 0050); none by default. */
  signInProviders?: readonly SignInProviderConfig[];
  /** Directory of the built web app; served, with index.html for page routes, when it has one. */
  webDistDir?: string;
  logger?: FastifyServerOptions['logger'];
  /** Whom to believe about the client address (env.ts TRUST_PROXY); nobody by default. */
  trustProxy?: boolean | string[];
  reportError?: (error: unknown) => void;
  /** Stripe when configured (server.ts); the built-in test checkout otherwise. */
  payments?: PaymentsConfig;
  /** What GET /readyz checks; the database by default (server.ts adds the job queue's). */
  readiness?: ReadinessCheck[];
  /** Request metrics and GET /metrics; without them /metrics answers 404 and nothing is measured. */
  metrics?: Metrics;
  /**
   * When to refuse requests with 503 rather than fall over (server.ts: DEFAULT_PRESSURE_LIMITS).
   * Unset, never: a test's app would otherwise refuse requests whenever the test machine is slow.
   */
  pressure?: PressureLimits;
  /** The VAPID pair and the unsubscribe-link key; made from the database's secrets by default. */
  reminderKeys?: ReminderKeys;
  /** Which push endpoints may be registered: the browsers' push services unless a test says. */
  pushEndpointAllowed?: RemindersConfig['pushEndpointAllowed'];
}

/** The whole HTTP application, not listening: server.ts listens, tests call `app.inject()`. */
export async function buildApp(deps: AppDeps) {
  const web = deps.webDistDir ? await readWebBuildSources(deps.webDistDir) : undefined;
  const applySecurityHeaders = securityHeaders({ appUrl: deps.appUrl, web });
  const app = Fastify({
    logger: deps.logger ?? false,
    // Fastify's two lines per request give way to request-log.ts's one, and its child logger per
    // request to one made only when used.
    logController: new RequestLogController(),
    childLoggerFactory: requestLogger,
    trustProxy: deps.trustProxy ?? false,
    frameworkErrors(error, request, reply) {
      applySecurityHeaders(request, reply);
      return answerUnroutablePath(error, request, reply);
    },
    clientErrorHandler: answerClientError,
    // installProtocolChecks answers these two with {error} instead of an empty or other body.
    http: { requireHostHeader: false },
    return503OnClosing: false,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest('user', null);
  installErrorHandler(app, deps.reportError);
  installErrorLanguage(app);
  installSecurityHeaders(app, applySecurityHeaders);
  // The clock starts before the protocol checks, which may answer (503 while closing) without
  // calling on: their log lines and metrics then carry the request's real duration.
  installServerTiming(app);
  installProtocolChecks(app);
  if (deps.metrics) installRequestMetrics(app, deps.metrics);
  if (deps.pressure) await registerUnderPressure(app, deps.pressure);

  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Wellbank API', version: '1.0.0' },
      servers: [{ url: API_PREFIX }],
      components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer' } } },
    },
    transform: jsonSchemaTransform,
  });

  const context: AppContext = {
    db: deps.db,
    jobs: deps.jobs,
    appUrl: deps.appUrl,
    now: deps.now ?? (() => new Date()),
    quoteContactEmail: deps.quoteContactEmail ?? DEFAULT_QUOTE_CONTACT_EMAIL,
    signInProviders: deps.signInProviders ?? [],
  };
  await app.register(
    async (api) => {
      const typed = api.withTypeProvider<ZodTypeProvider>();
      activitiesRoutes(typed, context);
      authRoutes(typed, context);
      classSignInRoutes(typed, context);
      badgesRoutes(typed, context);
      familyRoutes(typed, context);
      schoolsRoutes(typed, context);
      teamsRoutes(typed, context);
      usersRoutes(typed, context);
      signInMethodsRoutes(typed, context);
      districtSignInRoutes(typed, context);
      deletionRoutes(typed, context);
      consentsRoutes(typed, context);
      paymentsRoutes(typed, context, deps.payments ?? { provider: createLocalProvider(context) });
      schoolUsersRoutes(typed, context);
      leaderboardRoutes(typed, context);
      semestersRoutes(typed, context);
      yearEndRolloverRoutes(typed, context);
      snapshotsRoutes(typed, context);
      personalBadgesRoutes(typed, context);
      streaksRoutes(typed, context);
      classChallengesRoutes(typed, context);
      stressChoiceRoutes(typed, context);
      auditLogRoutes(typed, context);
      exportsRoutes(typed, context);
      insightsRoutes(typed, context);
      remindersRoutes(typed, context, {
        keys: deps.reminderKeys ?? createReminderKeys(deps.db),
        pushEndpointAllowed: deps.pushEndpointAllowed,
      });
      typed.register(rosterRoutes(context));
      typed.get('/openapi.json', { schema: { hide: true } }, () => app.swagger());
    },
    { prefix: API_PREFIX },
  );

  operationsRoutes(app, {
    readiness: deps.readiness ?? [databaseReadiness(deps.db)],
    metrics: deps.metrics,
  });

  if (web && deps.webDistDir) await registerWebApp(app, deps.webDistDir);
  app.setNotFoundHandler((request, reply) => {
    if (web && isPageRequest(request)) return reply.sendFile('index.html');
    return reply.status(404).send({ error: MESSAGES.notFound });
  });
  return app;
}

export type WellbankApp = Awaited<ReturnType<typeof buildApp>>;
