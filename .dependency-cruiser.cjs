// Which module may import which: the layers of docs/architecture.md ("Layers"), checked by
// `npm run lint:layers` (dependency-cruiser). Type-only imports count: a layer that names another's types
// depends on it as much as one that calls it. No circle of folders: .dependency-cruiser-folders.cjs.

/** Top to bottom. A module may import its own layer and any layer below its tier; never a layer above, nor
 *  a peer in its own tier (http and admin never import each other; nor do store and xml). */
const tiers = [
  { main: '^src/main\\.ts$' },
  { index: '^src/index\\.ts$', cli: '^src/cli/' },
  { app: '^src/app\\.ts$', startup: '^src/start-up-checks(\\.test)?\\.ts$' },
  { http: '^src/http/', admin: '^src/admin/' },
  { web: '^src/web/' },
  { world: '^src/world/' },
  { scenarios: '^src/scenarios/' },
  { seeds: '^src/seeds/' },
  { store: '^src/store/', xml: '^src/xml/' },
  { domain: '^src/domain/' },
];

const layerPath = Object.assign({}, ...tiers);
/** The layers from the top down to this one. */
const downTo = (layer) => tiers.slice(0, tiers.findIndex((t) => layer in t) + 1).flatMap((t) => Object.keys(t));

/** Leaves: they import nothing of ours, and only the layers named may import them. */
const leaves = {
  // The settings table: the surfaces read it, the world and what lies below it are given plain values.
  config: { path: '^src/config(\\.test)?\\.ts$', usedBy: downTo('web') },
  // Where the package lies on disk, for the files it ships (scenarios, schemas, the catalogue writer).
  packageRoot: { path: '^src/package-root\\.ts$', usedBy: downTo('seeds') },
};
const any = (paths) => paths.map((p) => `(${p})`).join('|');

/** Inside http/, top to bottom: routers use the middleware's notes and OAuth; middleware uses OAuth's
 *  verifier; OAuth uses what every part shares, in src/http/ itself (the request context, the senders). */
const httpParts = ['^src/http/routes/', '^src/http/middleware/', '^src/http/oauth/', '^src/http/[^/]+$'];
const httpRules = httpParts.slice(1).map((path, i) => ({
  name: `http-part-${['middleware', 'oauth', 'shared'][i]}`,
  comment: 'inside src/http/ a part imports only the parts below it: routes, middleware, oauth, the shared files (docs/architecture.md)',
  severity: 'error',
  from: { path },
  to: { path: any(httpParts.slice(0, i + 1)) },
}));

const layerRules = tiers
  .flatMap((tier, i) =>
    Object.entries(tier).map(([name, path]) => {
      const above = tiers.slice(0, i).flatMap((t) => Object.values(t));
      const peers = Object.entries(tier)
        .filter(([other]) => other !== name)
        .map(([, p]) => p);
      const forbidden = [...above, ...peers];
      return forbidden.length === 0
        ? undefined
        : {
            name: `layer-${name}`,
            comment: `${name} imports only its own layer and the layers below its tier (docs/architecture.md, Layers)`,
            severity: 'error',
            from: { path },
            to: { path: any(forbidden) },
          };
    }),
  )
  .filter((rule) => rule !== undefined);

const leafRules = Object.entries(leaves).flatMap(([name, leaf]) => [
  {
    name: `leaf-${name}`,
    comment: `${name} is a leaf: it imports nothing of ours`,
    severity: 'error',
    from: { path: leaf.path },
    to: { path: '^src/', pathNot: leaf.path },
  },
  {
    name: `leaf-${name}-users`,
    comment: `only ${leaf.usedBy.join(', ')} import ${name}`,
    severity: 'error',
    from: { path: '^src/', pathNot: any([leaf.path, ...leaf.usedBy.map((l) => layerPath[l])]) },
    to: { path: leaf.path },
  },
]);

module.exports = {
  forbidden: [
    ...layerRules,
    ...leafRules,
    ...httpRules,
    {
      name: 'cli-is-no-server',
      comment: 'rentalsim sign signs requests; it never loads the app, the routes or the web plumbing',
      severity: 'error',
      from: { path: layerPath.cli },
      to: { path: any([layerPath.app, layerPath.startup, layerPath.http, layerPath.admin, layerPath.web]) },
    },
    {
      name: 'routers-are-mounted-not-called',
      comment:
        'only app.ts and other routers import a *-routes.ts file: operations live in world/, shared ' +
        'helpers in files of their own, so the library controls and other routes never reach into a router',
      severity: 'error',
      from: { path: '^src/', pathNot: '(-routes\\.ts|^src/app\\.ts)$' },
      to: { path: '-routes\\.ts$' },
    },
    {
      name: 'no-circular',
      comment: 'a circle of imports has no bottom: move what both sides need below both',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'no-orphans',
      comment: 'a module nothing imports and that imports nothing is dead, or an entry point to name here',
      severity: 'error',
      from: { orphan: true, pathNot: ['\\.d\\.ts$', '(^|/)\\.[^/]+\\.(js|cjs|mjs|ts)$'] },
      to: {},
    },
    {
      name: 'not-to-dev-dep',
      comment: 'the package ships src/ without devDependencies: only tests may use them',
      severity: 'error',
      from: { path: '^src/', pathNot: '\\.test\\.ts$' },
      to: { dependencyTypes: ['npm-dev'], dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'no-non-package-json',
      comment: 'a package imported but not in package.json works only by accident',
      severity: 'error',
      from: {},
      to: { dependencyTypes: ['npm-no-pkg', 'npm-unknown'] },
    },
    {
      name: 'not-to-unresolvable',
      comment: 'an import that resolves to no file',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(dist|node_modules)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      mainFields: ['module', 'main', 'types', 'typings'],
    },
    skipAnalysisNotInRules: true,
    cache: { folder: 'node_modules/.cache/dependency-cruiser', strategy: 'content' },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
