import path from 'node:path';
import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { constants as zlib } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import type { DestinationStream } from 'pino';
import fastifyCookie from '@fastify/cookie';
import fastifyCompress from '@fastify/compress';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { ServerBuild } from 'react-router';
import type { AppConfig } from './config';
import { projectPath } from './project-paths';
import { BODY_LIMIT_BYTES } from './http/body-limit';
import { serializeRequest } from './http/request-log';
import type { Database } from './db/database';
import { dataKeysOf, mediaSecretOf, type Secrets } from './secrets';
import { SiteDirectory } from './domain/sites/site-directory';
import { openGeoIp, type GeoIp } from './domain/geoip/geoip';
import { signupRoutes } from './domain/signup/signup-routes';
import { memberCardRoutes } from './domain/members/member-card-routes';
import { ServerTranslations } from './i18n/server-translations';
import { TeaserService } from './domain/members/teaser-service';
import { ListingChanges } from './domain/members/listing-changes';
import { SearchService } from './domain/search/search-service';
import { SendBatcher } from './domain/chat/send-batcher';
import type { ChatDeps } from './domain/chat/chat-service';
import { ImageJobs } from './domain/photos/image-jobs';
import { MediaSigner, PhotoUrls } from './domain/photos/photo-urls';
import { photosRoutes } from './domain/photos/photos-routes';
import { likesRoutes } from './domain/likes/likes-routes';
import { chatRoutes } from './domain/chat/chat-routes';
import { withPublishHook, type LiveBus } from './realtime/live-bus';
import { createLiveBus } from './realtime/create-live-bus';
import { liveRoutes } from './realtime/live-routes';
import { profileViewRoutes } from './domain/profile-view/profile-view-routes';
import { complaintRoutes } from './domain/complaints/complaint-routes';
import { profileRoutes } from './domain/profile/profile-routes';
import { mediaRoutes } from './domain/photos/media-routes';
import type { ObjectStorage } from './storage/object-storage';
import { createStorage, MEDIA_DIR_NAME } from './storage/create-storage';
import { LocalDiskStorage } from './storage/local-disk-storage';
import { createMailer, type Mailer } from './mail/mailer';
import { JobQueue } from './jobs/job-queue';
import { pushSenderFor, type WebPushSender } from './domain/notifications/push-sender';
import { backgroundJobs } from './jobs/background-jobs';
import { MessageNoticeFilter } from './domain/notifications/message-notice-filter';
import { notificationQueues, queueNotices } from './domain/notifications/notification-queues';
import { noticeKeysOf, type NoticeKeys } from './domain/notifications/notice-token';
import { unsubscribeRoutes } from './domain/notifications/unsubscribe-routes';
import { visitorPlugin } from './plugins/visitor-plugin';
import { sessionPlugin } from './plugins/session-plugin';
import { authRoutes } from './domain/auth/auth-routes';
import { passwordResetRoutes } from './domain/auth/password-reset-routes';
import { settingsRoutes } from './domain/settings/settings-routes';
import { accountDeletionRoutes } from './domain/account-deletion/account-deletion-routes';
import { dataExportRoutes } from './domain/account-deletion/data-export-routes';
import { errorHandlerPlugin } from './plugins/error-handler';
import { textInputPlugin } from './plugins/text-input';
import { securityHeadersPlugin } from './plugins/security-headers';
import { csrfGuardPlugin } from './plugins/csrf-guard';
import { healthRoutes } from './plugins/health-routes';
import { sitesRoutes } from './domain/sites/sites-routes';
import { referenceRoutes } from './domain/reference/reference-routes';
import { geocodeRoutes } from './domain/geocode/geocode-routes';
import { visitsRoutes } from './domain/visits/visits-routes';
import { searchRoutes } from './domain/search/search-routes';
import { ssrPlugin } from './ssr/ssr-plugin';
import { PaymentRouting } from './domain/payments/provider-routing';
import { PaymentService } from './domain/payments/payment-service';
import { TestProvider } from './domain/payments/providers/test-provider';
import { configuredProviders, providersSummary, testPaymentsEnabled } from './domain/payments/configured-providers';
import { paymentsRoutes } from './domain/payments/payments-routes';
import { offersRoutes } from './domain/offers/offers-routes';
import { testCheckoutRoutes } from './domain/payments/test-checkout-routes';
import { directDebitRoutes } from './domain/direct-debit/direct-debit-routes';
import { FieldCipher } from './domain/direct-debit/field-cipher';
import { installedAppRoutes } from './domain/installed-app/installed-app-routes';
import { mailFeedbackRoutes } from './domain/notifications/mail-feedback-routes';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    database: Database;
    sites: SiteDirectory;
    geoip: GeoIp;
    translations: ServerTranslations;
    teaser: TeaserService;
    /** Who a site lists changed: listing caches drop that site (domain/members/listing-changes.ts). */
    listings: ListingChanges;
    /** Live events to members' open tabs, across processes with REDIS_URL (server/realtime). */
    liveBus: LiveBus;
    pushPublicKey: string | null;
    /** Sends Web Push with the deployment's VAPID keys, to public push services only. */
    pushSender: WebPushSender;
    mailer: Mailer;
    /** Keys of notification mails' unsubscribe links and notice header (notice-token.ts). */
    noticeKeys: NoticeKeys;
    jobs: JobQueue;
    /** What this process knows about which message notices can come to nothing (decision 0023). */
    messageNoticeFilter: MessageNoticeFilter;
    /** Uploaded photo files (local disk or an S3-compatible bucket). */
    photoStorage: ObjectStorage;
    /** Signed URLs of stored files and who may see which photo. */
    photoUrls: PhotoUrls;
    /** The seeded demo pool, on the local data directory whatever stores uploads. */
    demoMedia: ObjectStorage;
    /** The process's bound on concurrent image work (IMAGE_JOBS). */
    imageJobs: ImageJobs;
    /** Member search with its per-site cache of "other profiles". */
    memberSearch: SearchService;
    /** What the chat's operations need, shared by its routes and the live connections. */
    chat: ChatDeps;
    /** Which provider serves which payment method per site and country. */
    paymentRouting: PaymentRouting;
    payments: PaymentService;
    /** The built-in test provider (its checkout routes are served only when it is enabled). */
    testProvider: TestProvider;
  }
}

export interface AppDeps {
  config: AppConfig;
  database: Database;
  secrets: Secrets;
  /** The React Router server build; without it only the API is served (API tests). */
  ssrBuild?: ServerBuild | null;
  /** Shared across apps built in one process (tests), loaded once. */
  translations?: ServerTranslations;
  /** Where log lines go; standard output by default (tests read them). */
  logStream?: DestinationStream;
  /** This process works on queued and scheduled jobs (npm start); tests drain queues by hand. */
  background?: boolean;
}

export const BUILD_DIR = projectPath('build');

/** Loads build/server/index.js made by `react-router build`, or null when absent. */
export async function loadSsrBuild(buildDir = BUILD_DIR): Promise<ServerBuild | null> {
  const entry = path.join(buildDir, 'server/index.js');
  if (!existsSync(entry)) return null;
  return (await import(pathToFileURL(entry).href)) as ServerBuild;
}

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database, secrets } = deps;
  const app = Fastify({
    logger:
      config.LOG_LEVEL === 'silent'
        ? false
        : {
            level: config.LOG_LEVEL,
            // err.input: the URL a failed URL parse was given (it may hold a mailed link's token).
            redact: ['req.headers.cookie', 'req.headers.authorization', 'err.input'],
            // Mailed links carry their token in the query: logs must not make them reusable.
            serializers: { req: serializeRequest },
            ...(deps.logStream ? { stream: deps.logStream } : {}),
          },
    trustProxy: config.TRUST_PROXY,
    bodyLimit: BODY_LIMIT_BYTES,
    routerOptions: { maxParamLength: 200 },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const sites = new SiteDirectory(database.db);
  await sites.reload();
  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('sites', sites);
  app.decorate('geoip', await openGeoIp());
  app.decorate('translations', deps.translations ?? new ServerTranslations());
  app.decorate('pushPublicKey', secrets.vapidPublicKey);
  app.decorate('pushSender', pushSenderFor(config, secrets));
  app.addHook('onClose', async () => app.pushSender.close());
  app.decorate('mailer', createMailer({ smtpUrl: config.SMTP_URL, outboxDir: path.join(config.DATA_DIR, 'outbox') }));
  app.decorate('noticeKeys', noticeKeysOf(secrets.cookieSecret));
  app.decorate('jobs', new JobQueue(database.pool, database.db, app.log, deps.background ?? false));
  // main.ts starts the workers after listening; tests drain queues by hand. Jobs in progress finish before close.
  app.addHook('onClose', async () => app.jobs.stop());
  app.decorate('photoStorage', createStorage(config));
  app.decorate('photoUrls', new PhotoUrls(new MediaSigner(mediaSecretOf(secrets))));
  app.decorate('demoMedia', new LocalDiskStorage(path.join(config.DATA_DIR, MEDIA_DIR_NAME)));
  app.decorate('imageJobs', new ImageJobs(config.IMAGE_JOBS));
  app.decorate('teaser', new TeaserService(database.db, (key) => app.photoUrls.file(key)));
  app.decorate('listings', new ListingChanges());
  app.listings.onChange((siteId) => app.teaser.forget(siteId));
  app.decorate('memberSearch', new SearchService(database.db, (key) => app.photoUrls.file(key)));
  app.listings.onChange((siteId) => app.memberSearch.forget(siteId));
  app.decorate('messageNoticeFilter', new MessageNoticeFilter());
  app.decorate(
    'liveBus',
    withPublishHook(
      await createLiveBus(config.REDIS_URL, app.log),
      queueNotices((queue, data) => app.jobs.enqueue(queue, data), app.messageNoticeFilter),
    ),
  );
  app.addHook('onClose', async () => app.liveBus.close());
  app.decorate('chat', {
    db: database.db,
    bus: app.liveBus,
    urls: app.photoUrls,
    storage: app.photoStorage,
    log: app.log,
    sends: new SendBatcher(database.pool, database.kind === 'server'),
    siteSettings: (siteId) => sites.settingsOf(siteId),
  } satisfies ChatDeps);
  app.decorate('testProvider', new TestProvider({ db: database.db }));
  const providersOf = configuredProviders(config, app.testProvider);
  app.decorate('paymentRouting', new PaymentRouting(providersOf));
  app.log.info(providersSummary(providersOf, sites.list().map((s) => s.row.key), testPaymentsEnabled(config)));
  app.decorate('payments', new PaymentService({ db: database.db, routing: app.paymentRouting, sites, bus: app.liveBus, log: app.log }));

  app.jobs.define(notificationQueues(app, app.messageNoticeFilter), backgroundJobs(app));

  await app.register(fastifyCookie, { secret: secrets.cookieSecret });
  await app.register(fastifyCompress, {
    threshold: 1024,
    // Quality 4 compresses HTML nearly as well as 11 at a fraction of the CPU per request.
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } },
  });
  await app.register(visitorPlugin);
  await app.register(sessionPlugin);
  await app.register(errorHandlerPlugin);
  await app.register(securityHeadersPlugin);
  await app.register(csrfGuardPlugin);
  await app.register(textInputPlugin);
  await app.register(fastifyRateLimit, {
    max: config.RATE_LIMIT_MAX,
    timeWindow: '1 minute',
    // Pages and assets are cheap to serve from cache; the API is what abuse targets.
    allowList: (request) => !request.url.startsWith('/api/'),
    // Only a refused request says how long to wait; successful ones carry no extra headers.
    addHeadersOnExceeding: { 'x-ratelimit-limit': false, 'x-ratelimit-remaining': false, 'x-ratelimit-reset': false },
  });
  await app.register(fastifySwagger, {
    openapi: { info: { title: 'Rendezvous API', version: '1' } },
    transform: jsonSchemaTransform,
  });

  await app.register(healthRoutes);
  await app.register(async (api) => {
    await api.register(authRoutes);
    await api.register(passwordResetRoutes);
    await api.register(settingsRoutes);
    await api.register(accountDeletionRoutes);
    await api.register(dataExportRoutes);
    await api.register(signupRoutes);
    await api.register(memberCardRoutes);
    await api.register(sitesRoutes);
    await api.register(referenceRoutes);
    await api.register(geocodeRoutes);
    await api.register(visitsRoutes);
    await api.register(searchRoutes);
    await api.register(photosRoutes);
    await api.register(likesRoutes);
    await api.register(profileViewRoutes);
    await api.register(complaintRoutes);
    await api.register(profileRoutes);
    await api.register(chatRoutes);
    await api.register(liveRoutes);
    await api.register(paymentsRoutes);
    await api.register(offersRoutes);
    await api.register(unsubscribeRoutes);
    if (testPaymentsEnabled(config)) await api.register(testCheckoutRoutes(app.testProvider));
    await api.register(directDebitRoutes, { cipher: new FieldCipher(dataKeysOf(secrets)) });
    await api.register(mailFeedbackRoutes);
    api.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
    api.all('/api/*', async (request, reply) => reply.status(404).send({ error: { code: 'notFound', message: request.visitorT()('errors.notFound') } }));
  });

  await app.register(mediaRoutes);
  await app.register(installedAppRoutes);
  // Every stored file, the demo pool included, is served behind signed URLs (mediaRoutes).

  const build = deps.ssrBuild === undefined ? await loadSsrBuild() : deps.ssrBuild;
  if (build) {
    await app.register(fastifyStatic, {
      root: path.join(BUILD_DIR, 'client'),
      prefix: '/',
      wildcard: false,
      cacheControl: false,
      setHeaders: (res, filePath) => {
        // Hashed file names never change content: cache them for a year.
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.setHeader('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
      },
    });
    await app.register(ssrPlugin, { build });
  }
  return app;
}
