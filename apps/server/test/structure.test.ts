import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cruise, type IForbiddenRuleType } from 'dependency-cruiser';
import { describe, expect, it } from 'vitest';

// The structure holds by a test, not by review (docs/ARCHITECTURE.md). dependency-cruiser
// reads the imports (type-only ones too) of the server, the web app and the packages and checks:
// - no import circle;
// - layers of the server, lowest first: lib (plain helpers that belong to no service: call
//   context, refusals, credentials) → db (schema, database, idempotency store) → http (the
//   edge: route registration, access hook, error wording, the module deps) → modules. A lower
//   layer never imports a higher one: `lib` imports nothing of `db`, `http` or a module; `db`
//   nothing of `http` or a module; `http` no module. `config.ts` imports none of them;
// - doors: a server module uses another module, and the root files (`app.ts`, the
//   composition root that registers every module) use a module, only through its face,
//   `modules/<service>/index.ts`;
// - in `packages/contracts`, the base (`routing/route.ts`, errors, envelope, settings) imports
//   no service folder, and no service imports the maps (`maps/`) that gather them all;
// - `packages/contracts` imports nothing of `packages/domain` (it spells the roles, zone types
//   and sorting modes itself, so the web's first screen and the wire stay a leaf);
// - a web feature imports no other feature (apps/web/src/features/<name>): they share through
//   the shell, the UI kit, lib or packages;
// - layers of the web app, lowest first: lib and devices (plain helpers, device drivers) → ui
//   (the shared UI kit: buttons, lists, dialogs, forms, prompt, page) → shell (the app's
//   chrome: header, session, toasts, loader, devices' dialogs, router glue) → features → app
//   (route table, router, catalogues). `ui` imports nothing of `shell`, `features` or `app`;
//   `shell` nothing of `features` or `app`; lib and devices none of them;
// - no source file (tests aside) over 800 lines.

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const CRUISED = [
  'apps/server/src',
  'apps/device-agent/src',
  'apps/web/src',
  'packages/contracts/src',
  'packages/domain/src',
  'packages/labels/src',
];
const MAX_LINES = 800;

const RULES: IForbiddenRuleType[] = [
  { name: 'no-circular', severity: 'error', from: {}, to: { circular: true } },
  {
    name: 'db-not-to-modules',
    severity: 'error',
    from: { path: '^apps/server/src/db/' },
    to: { path: '^apps/server/src/modules/' },
  },
  {
    name: 'lib-not-to-db',
    severity: 'error',
    from: { path: '^apps/server/src/lib/' },
    to: { path: '^apps/server/src/db/' },
  },
  {
    name: 'lib-not-to-http-or-modules',
    severity: 'error',
    from: { path: '^apps/server/src/lib/' },
    to: { path: '^apps/server/src/(http|modules)/' },
  },
  {
    name: 'db-not-to-http',
    severity: 'error',
    from: { path: '^apps/server/src/db/' },
    to: { path: '^apps/server/src/http/' },
  },
  {
    name: 'http-not-to-modules',
    severity: 'error',
    from: { path: '^apps/server/src/http/' },
    to: { path: '^apps/server/src/modules/' },
  },
  {
    // The contracts' base (route definition, errors, envelope, settings) is what every service
    // builds on; only the maps gather the services, and only the package's index reads the maps.
    name: 'contracts-base-not-to-services-or-maps',
    severity: 'error',
    from: {
      path: '^packages/contracts/src/(routing/|[^/]+\\.ts$)',
      pathNot: '^packages/contracts/src/index\\.ts$',
    },
    to: { path: '^packages/contracts/src/[^/]+/', pathNot: '^packages/contracts/src/routing/' },
  },
  {
    name: 'contracts-services-not-to-maps',
    severity: 'error',
    from: { path: '^packages/contracts/src/[^/]+/', pathNot: '^packages/contracts/src/maps/' },
    to: { path: '^packages/contracts/src/maps/' },
  },
  {
    name: 'contracts-not-to-domain',
    severity: 'error',
    from: { path: '^packages/contracts/' },
    to: { path: '^packages/domain/' },
  },
  {
    name: 'web-feature-to-feature',
    severity: 'error',
    from: { path: '^apps/web/src/features/([^/]+)/' },
    to: { path: '^apps/web/src/features/', pathNot: '^apps/web/src/features/$1/' },
  },
  {
    // The web's shared UI kit sits under the chrome: it imports nothing of the shell, the
    // features or the app (docs/DECISIONS.md "Web shell", the shell and the UI kit apart).
    name: 'web-ui-not-to-shell-features-or-app',
    severity: 'error',
    from: { path: '^apps/web/src/ui/' },
    to: { path: '^apps/web/src/(shell|features|app)/' },
  },
  {
    name: 'web-shell-not-to-features-or-app',
    severity: 'error',
    from: { path: '^apps/web/src/shell/' },
    to: { path: '^apps/web/src/(features|app)/' },
  },
  {
    name: 'web-lib-and-devices-not-to-ui-shell-features-or-app',
    severity: 'error',
    from: { path: '^apps/web/src/(lib|devices)/' },
    to: { path: '^apps/web/src/(ui|shell|features|app)/' },
  },
  {
    // A module uses another only through that module's face (its index.ts: the register and
    // what others may use; never its repository or SQL). Circles stay forbidden above.
    name: 'module-to-module-only-through-its-face',
    severity: 'error',
    from: { path: '^apps/server/src/modules/([^/]+)/' },
    to: {
      path: '^apps/server/src/modules/',
      pathNot: ['^apps/server/src/modules/$1/', '^apps/server/src/modules/[^/]+/index\\.ts$'],
    },
  },
  {
    // The composition root and the server's root files (app.ts, main.ts, config.ts) see a
    // module through its face too.
    name: 'root-to-module-only-through-its-face',
    severity: 'error',
    from: { path: '^apps/server/src/[^/]+\\.ts$' },
    to: {
      path: '^apps/server/src/modules/[^/]+/',
      pathNot: '^apps/server/src/modules/[^/]+/index\\.ts$',
    },
  },
  {
    // config.ts is read by every layer (db opens the configured database): it imports no
    // module, so no arrow runs back up through it.
    name: 'config-not-to-modules-http-or-db',
    severity: 'error',
    from: { path: '^apps/server/src/config\\.ts$' },
    to: { path: '^apps/server/src/(modules|http|db)/' },
  },
];

const isSource = (path: string) => /\.tsx?$/.test(path) && !/\.test\.tsx?$/.test(path);

function sourceFiles(directory: string): string[] {
  return readdirSync(directory).flatMap((name) => {
    const path = join(directory, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return isSource(path) ? [path] : [];
  });
}

async function importViolations(): Promise<string[]> {
  const result = await cruise(
    CRUISED,
    {
      validate: true,
      tsPreCompilationDeps: true,
      doNotFollow: { path: 'node_modules' },
      exclude: { path: '\\.test\\.tsx?$' },
      baseDir: ROOT,
      ruleSet: { forbidden: RULES },
    },
    {},
    { tsConfig: { fileName: join(ROOT, 'tsconfig.base.json') } },
  );
  if (typeof result.output === 'string') throw new Error('dependency-cruiser answered text');
  const { modules, summary } = result.output;
  // A path of ours it cannot resolve would hide that file's imports from every rule.
  const unresolved = modules.flatMap((module) =>
    module.dependencies
      .filter(
        (dependency) => dependency.couldNotResolve && /^\.|^@sorting\//.test(dependency.module),
      )
      .map((dependency) => `unresolved: ${module.source} -> ${dependency.module}`),
  );
  return [
    ...unresolved,
    ...summary.violations.map(
      (violation) => `${violation.rule.name}: ${violation.from} -> ${violation.to}`,
    ),
  ];
}

function longFiles(): string[] {
  const roots = ['apps', 'packages'].flatMap((parent) =>
    readdirSync(join(ROOT, parent)).map((name) => join(ROOT, parent, name, 'src')),
  );
  return roots
    .filter((root) => statSync(root, { throwIfNoEntry: false })?.isDirectory())
    .flatMap(sourceFiles)
    .filter((path) => readFileSync(path, 'utf8').trimEnd().split('\n').length > MAX_LINES)
    .map((path) => `lines: ${relative(ROOT, path)}`);
}

describe('the structure of the code', () => {
  it('has no import circle, no arrow up a layer (server, contracts, web) and no feature importing another', async () => {
    const found = await importViolations();
    expect(found).toEqual([]);
  });

  it(`has no source file over ${MAX_LINES} lines`, () => {
    expect(longFiles()).toEqual([]);
  });
});
