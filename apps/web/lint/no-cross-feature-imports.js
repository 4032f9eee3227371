/**
 * ESLint rule `quizcast/no-cross-feature-imports` (issue 25, docs/CONVENTIONS.md): a file under
 * `src/features/<name>/` imports nothing from another feature's folder. Code two features share moves
 * down (`components/`, `lib/`, `hooks/`); a screen that shows two features is composed in `app/`
 * (a route passes one feature's part to the other as a slot, as `app/routes/quiz-intro-route.tsx` does).
 * Relative specifiers are resolved against the importing file, so `../../x` and `../../../features/x`
 * are caught alike; static imports, re-exports, `import()` and `vi.mock()` paths are checked.
 */
import path from 'node:path';

const FEATURES = `${path.sep}src${path.sep}features${path.sep}`;

/** The features folder and the feature a path is in, or null outside every feature. */
function featureOf(file) {
  const at = file.lastIndexOf(FEATURES);
  if (at < 0) return null;
  const root = file.slice(0, at + FEATURES.length);
  const name = file.slice(root.length).split(path.sep)[0];
  return name ? { root, name } : null;
}

/** @type {import('eslint').Rule.RuleModule} */
const rule = {
  meta: {
    type: 'problem',
    docs: { description: 'Disallow imports from one web feature into another (shared code moves down).' },
    schema: [],
    messages: {
      crossFeature:
        'features/{{from}} imports features/{{to}} ("{{source}}"): features never import each other. Move shared code down (components/, lib/, hooks/) or compose both in app/ (a route with a slot).',
    },
  },
  create(context) {
    const filename = path.resolve(context.filename);
    const own = featureOf(filename);
    if (!own) return {};
    const check = (node) => {
      if (!node || node.type !== 'Literal' || typeof node.value !== 'string') return;
      const source = node.value;
      if (!source.startsWith('.')) return;
      const target = path.resolve(path.dirname(filename), source);
      if (!target.startsWith(own.root)) return;
      const to = target.slice(own.root.length).split(path.sep)[0];
      if (to && to !== own.name) {
        context.report({ node, messageId: 'crossFeature', data: { from: own.name, to, source } });
      }
    };
    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
      CallExpression(node) {
        const callee = node.callee;
        const isViMock =
          callee.type === 'MemberExpression' &&
          callee.object.type === 'Identifier' &&
          callee.object.name === 'vi' &&
          callee.property.type === 'Identifier' &&
          ['mock', 'doMock', 'importActual', 'importMock'].includes(callee.property.name);
        if (isViMock) check(node.arguments[0]);
      },
    };
  },
};

export default rule;
