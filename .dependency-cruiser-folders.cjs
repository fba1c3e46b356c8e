// Folders form the layers of docs/architecture.md ("Layers"), so no folder may reach back to itself through
// others, even by a type import. Checked by `npm run lint:layers` after the module rules, in a cruise of its
// own: tests are left out of it, since a test beside its code imports test/support, which uses every layer.
const { options } = require('./.dependency-cruiser.cjs');

module.exports = {
  forbidden: [
    {
      name: 'no-folder-circular',
      comment: 'a circle of folders has no bottom: move what both sides need below both (docs/architecture.md, Layers)',
      severity: 'error',
      scope: 'folder',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    ...options,
    exclude: { path: '^(dist|node_modules)/|\\.test\\.ts$' },
    cache: { folder: 'node_modules/.cache/dependency-cruiser-folders', strategy: 'content' },
  },
};
