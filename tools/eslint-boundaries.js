// A local ESLint rule for the one-way dependency flow of ARCHITECTURE.md that path patterns alone cannot express:
// an import is resolved to a file path first (relative paths and the web app's `#/` alias), then checked, so
// `../../settings/x` from features/home is caught as surely as `#/features/settings/x`.
import { dirname, relative, resolve, sep } from 'node:path';

const ROOT = dirname(dirname(new URL(import.meta.url).pathname));

/** Resolves an import source to an absolute path inside the repository, or null for packages. */
function resolveSource(filename, source) {
  if (source.startsWith('.')) {
    return resolve(dirname(filename), source);
  }
  if (source.startsWith('#/')) {
    const appRoot = filename.split(`${sep}src${sep}`)[0];
    return resolve(appRoot, 'src', source.slice(2));
  }
  return null;
}

/** `features/<name>` or `services/<name>` that a repository path belongs to. */
function areaOf(path, kind) {
  const parts = relative(ROOT, path).split(sep);
  if (kind === 'feature') {
    const index = parts.indexOf('features');
    return index >= 0 && parts[0] === 'apps' ? `${parts[1]}/${parts[index + 1]}` : null;
  }
  return parts[0] === 'services' ? parts[1] : null;
}

const rule = {
  meta: {
    type: 'problem',
    docs: { description: 'features never import other features; services never import other services' },
    schema: [],
  },
  create(context) {
    const filename = context.filename;
    const check = (node, source) => {
      if (typeof source !== 'string') {
        return;
      }
      const target = resolveSource(filename, source);
      if (!target) {
        return;
      }
      for (const kind of ['feature', 'service']) {
        const from = areaOf(filename, kind);
        const to = areaOf(target, kind);
        if (from && to && from !== to) {
          context.report({
            node,
            message:
              kind === 'feature'
                ? `Features never import other features (${from} -> ${to}); compose them in a route.`
                : `Services never import each other's internals (${from} -> ${to}); use a contracts client or events.`,
          });
        }
      }
    };
    return {
      ImportDeclaration: (node) => check(node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
    };
  },
};

export default { rules: { 'no-cross-area-imports': rule } };
