import Fastify, { type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { REQUEST_BODY_LIMIT_BYTES, UPLOAD_FILE_LIMIT_BYTES } from '@app/contracts';
import { registerApiDocs } from './platform/api-docs';
import type { AppContext } from './platform/app-context';
import { installErrorHandler } from './platform/error-handler';
import { FloodLimit } from './platform/flood-limit';
import { installJsonBodyParser } from './platform/json-body';
import { installRequestMetrics } from './platform/metrics';
import { enforceDeclaredAccess, installRequestPipeline } from './platform/pipeline';
import { enforceSensitiveResponses } from './platform/sensitive-routes';
import { type ServerLogOptions, serverLoggerOptions } from './platform/server-log';
import { installSecurityHeaders } from './platform/security-headers';
import { thirdPartySources } from './platform/content-security-policy';
import { installWebApp } from './platform/web-app';
import { createAuthenticator } from './modules/auth/authenticate';
import { createPlanService } from './modules/plans/plans.service';
import { planRoutes } from './modules/plans/plans.routes';
import { createNotificationService } from './modules/notifications/notifications.service';
import { notificationRoutes } from './modules/notifications/notifications.routes';
import { createEmailTemplateService } from './modules/email-templates/email-templates.service';
import { emailTemplateRoutes } from './modules/email-templates/email-templates.routes';
import { createPdfTemplateService } from './modules/pdf-templates/pdf-templates.service';
import { pdfTemplateRoutes } from './modules/pdf-templates/pdf-templates.routes';
import { createAuthService } from './modules/auth/auth.service';
import { authRoutes } from './modules/auth/auth.routes';
import { createPasswordResetService } from './modules/auth/password-reset';
import { createSignUpService } from './modules/auth/sign-up';
import { createAccountService } from './modules/account/account.service';
import { accountRoutes } from './modules/account/account.routes';
import { createBusinessService } from './modules/businesses/businesses.service';
import { businessRoutes } from './modules/businesses/businesses.routes';
import { createBootstrapService } from './modules/bootstrap/bootstrap.service';
import { bootstrapRoutes } from './modules/bootstrap/bootstrap.routes';
import { outboxRoutes } from './modules/outbox/outbox.routes';
import { createTeamService } from './modules/team/team.service';
import { teamRoutes } from './modules/team/team.routes';
import { createRoleService } from './modules/team/roles.service';
import { rolesRoutes } from './modules/team/roles.routes';
import { createAuditService } from './modules/audit/audit.service';
import { auditRoutes } from './modules/audit/audit.routes';
import { loanReadRoutes } from './modules/financing/loan-reads.routes';
import { createLoanReadsService } from './modules/financing/loan-reads.service';
import { searchRoutes } from './modules/search/search.routes';
import { createCounterpartyService, paymentContactsInTx, scopeOf } from './modules/counterparties/counterparties.service';
import { createOnboardingService } from './modules/counterparties/onboarding.service';
import { counterpartyRoutes, networkRoutes } from './modules/counterparties/counterparties.routes';
import { createPlatformBusinessService } from './modules/platform-businesses/platform-businesses.service';
import { platformBusinessRoutes } from './modules/platform-businesses/platform-businesses.routes';
import { createPlatformUserService } from './modules/platform-users/platform-users.service';
import { platformUserRoutes } from './modules/platform-users/platform-users.routes';
import { createPlatformLogService } from './modules/platform-logs/platform-logs.service';
import { platformLogRoutes } from './modules/platform-logs/platform-logs.routes';
import { createWebhookDispatcher } from './modules/webhooks/webhook-dispatcher';
import { webhookRoutes } from './modules/webhooks/webhooks.routes';
import { createWebhookService } from './modules/webhooks/webhooks.service';
import { createApiClientService } from './modules/api-clients/api-clients.service';
import { apiClientRoutes } from './modules/api-clients/api-clients.routes';
import { oauthRoutes } from './modules/api-clients/oauth.routes';
import { providerEventRoutes, providerWebhookRoutes } from './modules/provider-events/provider-events.routes';
import { type ProviderEventHandlers, createProviderEventHandlers, createProviderEventService } from './modules/provider-events/provider-events.service';
import { createPayoutService } from './modules/payouts/payouts.service';
import { createOnlinePaymentService } from './modules/online-payments/online-payments.service';
import { onlinePaymentRoutes } from './modules/online-payments/online-payments.routes';
import { createAutoPayDebits } from './modules/saved-methods/auto-pay-debits';
import { createSavedMethodCore } from './modules/saved-methods/saved-methods-core';
import { createSavedMethodService } from './modules/saved-methods/saved-methods.service';
import { createPaymentMethodLinkService } from './modules/saved-methods/payment-method-links.service';
import { savedMethodRoutes } from './modules/saved-methods/saved-methods.routes';
import { PAYMENT_MOVEMENT_EVENTS, createPaymentMovementService } from './modules/payment-movements/payment-movements.service';
import { paymentMovementRoutes } from './modules/payment-movements/payment-movements.routes';
import { payoutRoutes } from './modules/payouts/payouts.routes';
import { createMailSettingsService } from './modules/mail-settings/mail-settings.service';
import { mailSettingsRoutes } from './modules/mail-settings/mail-settings.routes';
import { createCentralTenantService } from './modules/tenants/central-tenants.service';
import { centralTenantRoutes } from './modules/tenants/central-tenants.routes';
import { createSecuritySettingsService } from './modules/tenants/security-settings.service';
import { securitySettingsRoutes } from './modules/tenants/security-settings.routes';
import { healthRoutes } from './modules/health/health.routes';
import { fileRoutes } from './modules/files/files.routes';
import { createItemUnitService } from './modules/item-units/item-units.service';
import { itemUnitRoutes } from './modules/item-units/item-units.routes';
import { createTaxTypeService } from './modules/tax-types/tax-types.service';
import { salesTaxRoutes, taxTypeRoutes } from './modules/tax-types/tax-types.routes';
import { createItemService } from './modules/items/items.service';
import { dataImportRoutes } from './modules/data-import/data-import.routes';
import { createDataImportService } from './modules/data-import/data-import.service';
import { itemRoutes } from './modules/items/items.routes';
import { createNoteService } from './modules/notes/notes.service';
import { noteRoutes } from './modules/notes/notes.routes';
import { createPaymentModeService } from './modules/payment-modes/payment-modes.service';
import { paymentModeRoutes } from './modules/payment-modes/payment-modes.routes';
import { createAttachmentService, createDocumentAttachments } from './modules/attachments/attachments.service';
import { createNextNumberService } from './modules/documents/next-number';
import { documentRoutes } from './modules/documents/documents.routes';
import { createInvoiceService } from './modules/invoices/invoices.service';
import { invoiceRoutes } from './modules/invoices/invoices.routes';
import { createEstimateService } from './modules/estimates/estimates.service';
import { estimateRoutes } from './modules/estimates/estimates.routes';
import { createDocumentDelivery } from './modules/document-delivery/document-delivery.service';
import { invoiceDeliveryAdapter } from './modules/document-delivery/invoice-delivery';
import { estimateDeliveryAdapter } from './modules/document-delivery/estimate-delivery';
import { documentDeliveryRoutes } from './modules/document-delivery/document-delivery.routes';
import { attachmentRoutes } from './modules/attachments/attachments.routes';
import { createInvoiceUploadService } from './modules/invoice-upload/invoice-upload.service';
import { invoiceUploadRoutes } from './modules/invoice-upload/invoice-upload.routes';
import { createPaymentService } from './modules/payments/payments.service';
import { paymentDeliveryAdapter } from './modules/payments/payment-delivery';
import { paymentRoutes } from './modules/payments/payments.routes';
import { createRecurringInvoiceService } from './modules/recurring-invoices/recurring-invoices.service';
import { recurringInvoiceRoutes } from './modules/recurring-invoices/recurring-invoices.routes';
import { createPaymentReminderService } from './modules/payment-reminders/payment-reminders.service';
import { paymentReminderRoutes } from './modules/payment-reminders/payment-reminders.routes';
import { createExchangeRateService } from './modules/exchange-rates/exchange-rates.service';
import { exchangeRateRoutes } from './modules/exchange-rates/exchange-rates.routes';
import { createDashboardService } from './modules/dashboard/dashboard.service';
import { reportRoutes } from './modules/reports/reports.routes';
import { createReportService } from './modules/reports/reports.service';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes';
import { statementRoutes } from './modules/statements/statements.routes';
import { createStatementService } from './modules/statements/statements.service';
import { createFinancingService } from './modules/financing/financing.service';
import { createBnplService } from './modules/financing/bnpl.service';
import { createBnplRepayments } from './modules/financing/bnpl-repayments';
import { financingRoutes } from './modules/financing/financing.routes';
import { createInvoiceCollections } from './modules/financing/invoice-collections';
import { lenderEventTypes } from './platform/providers/financing-provider';
import { createExportSources } from './modules/exports/export-sources';
import { createExportTemplateService } from './modules/exports/export-templates.service';
import { exportRoutes } from './modules/exports/exports.routes';
import { createExportService } from './modules/exports/exports.service';

export type BuildOptions = {
  /** The server's own request log (stdout unless a stream is given); off when omitted. */
  logger?: ServerLogOptions;
  /** The built React app to serve; omitted in API-only tests. */
  webDist?: string | null;
  isReady?: () => boolean;
  /**
   * The registry the app's modules add their provider-event handlers to: a new one when omitted.
   * A caller may pass one already holding handlers of its own (the tests' counting handler).
   */
  providerEventHandlers?: ProviderEventHandlers;
};

export async function buildApp(app: AppContext, options: BuildOptions = {}): Promise<FastifyInstance> {
  const server = Fastify({
    logger: options.logger ? serverLoggerOptions(options.logger) : false,
    // One hop: the proxy in front of us (hop 0, the socket's peer) is trusted, nothing it forwards
    // from further out, so a client cannot choose its address or scheme by writing X-Forwarded-*.
    trustProxy: app.env.TRUST_PROXY ? (_address: string, hop: number) => hop < 1 : false,
    bodyLimit: REQUEST_BODY_LIMIT_BYTES,
    // On close, idle keep-alive connections are ended at once; requests still running get the
    // shutdown's grace period (main.ts), then their connections are closed too.
    forceCloseConnections: 'idle',
  }).withTypeProvider<ZodTypeProvider>();
  installJsonBodyParser(server);
  server.setValidatorCompiler(validatorCompiler);
  server.setSerializerCompiler(serializerCompiler);
  installRequestMetrics(server, app.metrics);
  installSecurityHeaders(server, thirdPartySources([app.env.PAYMENT_PROVIDER_API_BASE, app.env.BANK_LINK_API_BASE], app.env.PROVIDER_SCRIPTS_AT_API_BASE));
  installErrorHandler(server);
  enforceDeclaredAccess(server);
  enforceSensitiveResponses(server);

  await server.register(cookie);
  await server.register(multipart, { limits: { fileSize: UPLOAD_FILE_LIMIT_BYTES, files: 5 } });
  await registerApiDocs(server, { isPublic: app.env.API_DOCS_PUBLIC });

  const limiter = new FloodLimit(app.db, app.clock);
  const plans = createPlanService(app);
  const notifications = createNotificationService(app);
  app.webhookEvents.listen(notifications.tell);
  installRequestPipeline(server, app, createAuthenticator(app), plans.refusalFor);

  const auth = createAuthService(app);
  const account = createAccountService(app);
  const businesses = createBusinessService(app);
  const bootstrap = createBootstrapService(app);
  const team = createTeamService(app);
  const taxTypes = createTaxTypeService(app);
  const counterparties = createCounterpartyService(app);
  const documentAttachments = createDocumentAttachments(app);
  const invoices = createInvoiceService(app, documentAttachments);
  // Money arriving on a factored invoice is split by its loan's waterfall in the payment's own transaction.
  const collections = createInvoiceCollections(app);
  await collections.registerJob();
  const payments = createPaymentService(app, documentAttachments, collections.collectInTx);
  // Modules register what they do with a provider event type here.
  const providerEventHandlers = options.providerEventHandlers ?? createProviderEventHandlers();
  // The inbox's processing job lives with the routes that fill it: one worker per built app.
  const providerEvents = createProviderEventService(app, providerEventHandlers);
  await providerEvents.registerJob();
  const payouts = createPayoutService(app);
  providerEventHandlers.register('account.updated', payouts.applyAccountUpdated);
  const financing = createFinancingService(app, { payouts, payments });
  for (const type of lenderEventTypes) providerEventHandlers.register(type, financing.applyLenderEvent);
  const paymentDelivery = createDocumentDelivery(app, paymentDeliveryAdapter(payments));
  // Made before the estimates (whose conversion closes a deposit's open intent); what it asks of them is only called later, on requests and events.
  const online = createOnlinePaymentService(app, {
    payments,
    payouts,
    financing,
    publicInvoiceId: (tenantId, token) => invoiceDelivery.publicDocumentId(tenantId, token),
    publicEstimateId: (tenantId, token) => estimateDelivery.publicDocumentId(tenantId, token),
    depositView: (tx, row, enabled) => estimates.deposits.viewInTx(tx, row, enabled),
    sendReceiptInTx: (tx, actor, scope, paymentId, origin) => paymentDelivery.sendWithDefaultsInTx(tx, actor, scope, paymentId, { origin, userEmail: null }, 'at-send'),
    savedMethodInTx: (tx, scope, id) => savedMethods.ownMethodInTx(tx, scope, id),
    debitOutcomes: createAutoPayDebits(app, (tx, vendor, counterpartyId) => paymentContactsInTx(tx, vendor.tenantId, vendor.businessId, counterpartyId)),
  });
  const estimates = createEstimateService(app, documentAttachments, invoices, { payments: payments.deposits, intents: online.depositIntents });
  const invoiceDelivery = createDocumentDelivery(app, invoiceDeliveryAdapter(invoices));
  const estimateDelivery = createDocumentDelivery(app, estimateDeliveryAdapter(estimates, invoices));
  providerEventHandlers.register('payment_intent.succeeded', online.applySucceeded);
  providerEventHandlers.register('payment_intent.processing', online.applyProcessing);
  providerEventHandlers.register('payment_intent.requires_action', online.applyRequiresAction);
  providerEventHandlers.register('payment_intent.payment_failed', online.applyNotPaid);
  providerEventHandlers.register('payment_intent.canceled', online.applyNotPaid);
  const savedMethodCore = createSavedMethodCore(app);
  const savedMethods = createSavedMethodService(app, savedMethodCore);
  const paymentMethodLinks = createPaymentMethodLinkService(app, savedMethodCore, {
    customerRecord: async (scope, id) => counterparties.get(scopeOf(scope.tenantId, scope.businessId, 'customer'), id, new Set()),
  });
  providerEventHandlers.register('setup_intent.succeeded', savedMethods.applySetupSucceeded);
  const bnpl = createBnplService(app, { payouts, methods: savedMethods, payments });
  const bnplRepayments = createBnplRepayments(app, { methods: savedMethods });
  const movements = createPaymentMovementService(app, { payments });
  const apiClients = createApiClientService(app);
  for (const type of PAYMENT_MOVEMENT_EVENTS) providerEventHandlers.register(type, movements.applyEvent);

  const webhooks = createWebhookService(app);
  const items = createItemService(app);
  const recurring = createRecurringInvoiceService(app, invoices);
  const loanReads = createLoanReadsService(app);
  // Each list is exported through its own module's service; the export job lives with its routes.
  const exportRuns = createExportService(app, createExportSources(app, { counterparties, items, invoices, estimates, payments, recurring, loanReads }));
  await exportRuns.registerJob();
  // The dispatcher's job lives with the routes whose events it sends: one worker per built app.
  await createWebhookDispatcher(app).register();
  const paymentModes = createPaymentModeService(app);
  const imports = createDataImportService(app, { counterparties, items, invoices, payments, taxTypes, paymentModes });
  await imports.runner.register();
  // Runs a stopped process left queued or running rolled back with it: they run again.
  await imports.runner.resume();

  await server.register(healthRoutes, { app, isReady: options.isReady ?? (() => true) });
  await server.register(fileRoutes, { app });
  await server.register(oauthRoutes, { service: apiClients });
  await server.register(
    async (v1) => {
      await v1.register(authRoutes, { app, auth, signUps: createSignUpService(app), resets: createPasswordResetService(app), limiter });
      await v1.register(accountRoutes, { account, auth });
      await v1.register(businessRoutes, { app, businesses });
      await v1.register(bootstrapRoutes, { bootstrap });
      await v1.register(outboxRoutes, { app });
      await v1.register(platformBusinessRoutes, { app, service: createPlatformBusinessService(app) });
      await v1.register(platformUserRoutes, { service: createPlatformUserService(app) });
      await v1.register(platformLogRoutes, { service: createPlatformLogService(app) });
      await v1.register(apiClientRoutes, { service: apiClients });
      await v1.register(providerEventRoutes, { service: providerEvents });
      await v1.register(providerWebhookRoutes, { service: providerEvents });
      await v1.register(mailSettingsRoutes, { service: createMailSettingsService(app) });
      await v1.register(securitySettingsRoutes, { service: createSecuritySettingsService(app) });
      await v1.register(teamRoutes, { team });
      await v1.register(rolesRoutes, { roles: createRoleService(app) });
      await v1.register(auditRoutes, { audit: createAuditService(app) });
      await v1.register(counterpartyRoutes, { service: counterparties, kind: 'customer' });
      await v1.register(counterpartyRoutes, { service: counterparties, kind: 'vendor' });
      await v1.register(networkRoutes, { onboarding: createOnboardingService(app) });
      await v1.register(searchRoutes, { team, counterparties });
      await v1.register(itemUnitRoutes, { units: createItemUnitService(app) });
      await v1.register(taxTypeRoutes, { taxTypes });
      await v1.register(itemRoutes, { items });
      await v1.register(noteRoutes, { notes: createNoteService(app) });
      await v1.register(paymentModeRoutes, { modes: paymentModes });
      await v1.register(attachmentRoutes, { attachments: createAttachmentService(app), invoices });
      await v1.register(dataImportRoutes, { imports });
      await v1.register(invoiceUploadRoutes, { upload: createInvoiceUploadService(app, { invoices, counterparties }) });
      await v1.register(documentRoutes, { numbers: createNextNumberService(app) });
      await v1.register(invoiceRoutes, { invoices, delivery: invoiceDelivery });
      await v1.register(estimateRoutes, { estimates, delivery: estimateDelivery });
      await v1.register(documentDeliveryRoutes, { invoices: invoiceDelivery, estimates: estimateDelivery, estimateDecisions: estimates, limiter });
      await v1.register(paymentRoutes, { payments, delivery: paymentDelivery, limiter });
      await v1.register(onlinePaymentRoutes, { online, limiter });
      await v1.register(savedMethodRoutes, { methods: savedMethods, links: paymentMethodLinks, limiter });
      await v1.register(paymentMovementRoutes, { movements });
      await v1.register(recurringInvoiceRoutes, { recurring });
      await v1.register(paymentReminderRoutes, { reminders: createPaymentReminderService(app) });
      await v1.register(payoutRoutes, { payouts });
      await v1.register(exchangeRateRoutes, { rates: createExchangeRateService(app) });
      await v1.register(dashboardRoutes, { dashboard: createDashboardService(app) });
      await v1.register(reportRoutes, { reports: createReportService(app) });
      await v1.register(statementRoutes, { statements: createStatementService(app) });
      await v1.register(financingRoutes, { financing, bnpl, repayments: bnplRepayments });
      await v1.register(loanReadRoutes, { loanReads });
      await v1.register(webhookRoutes, { service: webhooks, area: 'platform' });
      await v1.register(webhookRoutes, { service: webhooks, area: 'business' });
      await v1.register(planRoutes, { plans });
      await v1.register(notificationRoutes, { notifications });
      await v1.register(emailTemplateRoutes, { templates: createEmailTemplateService(app) });
      await v1.register(pdfTemplateRoutes, { templates: createPdfTemplateService(app) });
      await v1.register(exportRoutes, { templates: createExportTemplateService(app), exports: exportRuns });
    },
    { prefix: '/api/v1' },
  );
  await server.register(centralTenantRoutes, { prefix: '/api/central', service: createCentralTenantService(app) });
  await server.register(salesTaxRoutes, { prefix: '/api/m', taxTypes });

  await installWebApp(server, options.webDist);
  return server;
}
