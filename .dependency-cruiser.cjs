// Module boundaries, checked by `npm run check` (depcruise). docs/architecture.md, "Boundaries",
// says what each rule protects and how to read a violation.

// Tests and the test harness set up data across modules on purpose (a payment test inserts its
// invoice, the authorization suite walks every route), so they are not held to the boundaries.
const TESTS = ['\\.test\\.tsx?$', '^apps/api/test/', '^apps/web/src/test/'];

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'module-reaches-repository',
      comment:
        'An API module reaches another module only through its *.service.ts or *.port.ts, never its repository: ' +
        'the other module owns its SQL and decides what it offers.',
      severity: 'error',
      from: { path: '^apps/api/src/modules/([^/]+)/', pathNot: TESTS },
      to: { path: '^apps/api/src/modules/[^/]+/[^/]+\\.repository\\.ts$', pathNot: '^apps/api/src/modules/$1/' },
    },
    {
      name: 'routes-hold-no-sql',
      comment:
        'Routes are HTTP only: no repository, no database module (transactions belong to services), no drizzle-orm.',
      severity: 'error',
      from: { path: '^apps/api/src/modules/[^/]+/[^/]+\\.routes\\.ts$' },
      to: { path: ['\\.repository\\.ts$', '^apps/api/src/db/', '(^|/)node_modules/drizzle-orm/'] },
    },
    {
      name: 'feature-reaches-internals',
      comment:
        "A web feature imports another feature only through that feature's index.ts (its public entry).",
      severity: 'error',
      from: { path: '^apps/web/src/features/([^/]+)/', pathNot: TESTS },
      to: {
        path: '^apps/web/src/features/[^/]+/',
        pathNot: ['^apps/web/src/features/$1/', '^apps/web/src/features/[^/]+/index\\.tsx?$'],
      },
    },
    {
      name: 'package-imports-app',
      comment: 'packages/* are shared by the apps and never depend on them.',
      severity: 'error',
      from: { path: '^packages/' },
      to: { path: '^apps/' },
    },
    {
      name: 'only-adapters-import-provider-sdks',
      comment:
        'The payment and bank-link SDKs are reached only through their ports: the adapters in ' +
        'apps/api/src/platform/providers/*-provider.ts are the one place that imports `stripe` or `plaid` (the fakes in packages/ may, for their types).',
      severity: 'error',
      from: { path: '^apps/', pathNot: '^apps/api/src/platform/providers/[^/]+-provider\\.ts$' },
      to: { path: '(^|/)node_modules/(stripe|plaid)/' },
    },
    {
      name: 'no-circular',
      comment: 'No import cycle, type-only imports included: a cycle makes load order matter and the layers blur.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    includeOnly: '^(apps|packages)/|(^|/)node_modules/(drizzle-orm|stripe|plaid)/',
    exclude: { path: ['/dist/', '^apps/api/src/db/migrations/'] },
    doNotFollow: { path: 'node_modules' },
    // Type-only imports count: a route that imports a repository's row type still depends on it.
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      mainFields: ['module', 'main', 'types', 'typings'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
