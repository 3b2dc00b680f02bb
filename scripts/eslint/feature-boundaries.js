import path from 'node:path';

/**
 * Features do not import each other's internals (ARCHITECTURE.md, convention 1).
 * In apps/web/src/features/<a>/ an import may reach another feature only through its
 * `api/` folder (its calls and hooks); in apps/api/src/modules/<a>/ only through the
 * other module's `service.ts`. Everything else of another feature is internal.
 */
const ROOTS = [
  { dir: path.join('apps', 'web', 'src', 'features'), publicPart: (rest) => rest[0] === 'api' },
  {
    dir: path.join('apps', 'api', 'src', 'modules'),
    publicPart: (rest) => rest.length === 1 && /^service(\.js|\.ts)?$/.test(rest[0]),
  },
];

export const featureBoundaries = {
  meta: {
    type: 'problem',
    docs: { description: "forbid imports of another feature's internals" },
    messages: {
      internal:
        "Feature '{{from}}' imports '{{target}}', an internal part of feature '{{to}}'. Import its public part (web: features/{{to}}/api/*, api: modules/{{to}}/service) or move the shared code to lib/platform/contracts.",
    },
    schema: [],
  },
  create(context) {
    const file = context.filename;
    const root = ROOTS.find((r) => file.includes(path.sep + r.dir + path.sep));
    if (!root) return {};
    const base = file.slice(0, file.indexOf(path.sep + root.dir + path.sep) + root.dir.length + 2);
    const from = file.slice(base.length).split(path.sep)[0];
    return {
      ImportDeclaration(node) {
        const spec = node.source.value;
        if (typeof spec !== 'string' || !spec.startsWith('.')) return;
        const target = path.resolve(path.dirname(file), spec);
        if (!target.startsWith(base)) return;
        const [to, ...rest] = target.slice(base.length).split(path.sep);
        if (!to || to === from) return;
        if (root.publicPart(rest)) return;
        context.report({ node, messageId: 'internal', data: { from, to, target: spec } });
      },
    };
  },
};
