/**
 * ESLint rule `quizcast/no-untranslated-jsx-text` (issue 18, ADR 018): no user-visible English written
 * straight into JSX. Text children, `{'…'}` / template children and the props people read or hear
 * (aria-label, title, alt, placeholder, label, hint, …) must come from a message catalogue (`t(…)`).
 * Text without two Latin letters in a row ("08:42", "/", "+91") is not a sentence and passes; names
 * that are never translated (the brand) go in the `allow` option.
 */

const LETTERS = /[A-Za-z]{2,}/;
/** An e-mail address or a URL is not a sentence. */
const ADDRESS = /^(?:[^\s@]+@[^\s@]+\.[^\s@]+|https?:\/\/\S+)$/;

/** Props whose string reaches the learner (read on screen or by a screen reader). */
const VISIBLE_PROPS = new Set([
  'aria-label',
  'aria-description',
  'aria-placeholder',
  'aria-roledescription',
  'aria-valuetext',
  'alt',
  'title',
  'placeholder',
  'label',
  'hint',
  'subtitle',
  'message',
  'description',
  'confirmLabel',
  'cancelLabel',
  'retryLabel',
]);

/** @type {import('eslint').Rule.RuleModule} */
const rule = {
  meta: {
    type: 'problem',
    docs: { description: 'Disallow user-visible English string literals in JSX (use a message catalogue).' },
    schema: [
      {
        type: 'object',
        properties: { allow: { type: 'array', items: { type: 'string' } } },
        additionalProperties: false,
      },
    ],
    messages: {
      untranslated:
        'User-visible English "{{text}}" in JSX: add it to the catalogue (en.json + hi.json) and use t().',
    },
  },
  create(context) {
    const allow = new Set(context.options[0]?.allow ?? []);
    const check = (node, text) => {
      const trimmed = text.replace(/\s+/g, ' ').trim();
      if (!trimmed || !LETTERS.test(trimmed) || ADDRESS.test(trimmed) || allow.has(trimmed)) return;
      context.report({ node, messageId: 'untranslated', data: { text: trimmed.slice(0, 50) } });
    };
    /** A string that ends up rendered: a literal, a template's text, either side of `?:`, the right of `&&`/`??`. */
    const checkExpression = (expression) => {
      if (!expression) return;
      switch (expression.type) {
        case 'Literal':
          if (typeof expression.value === 'string') check(expression, expression.value);
          break;
        case 'TemplateLiteral':
          for (const quasi of expression.quasis) check(quasi, quasi.value.cooked ?? quasi.value.raw);
          break;
        case 'ConditionalExpression':
          checkExpression(expression.consequent);
          checkExpression(expression.alternate);
          break;
        case 'LogicalExpression':
          checkExpression(expression.right);
          if (expression.operator !== '&&') checkExpression(expression.left);
          break;
        default:
      }
    };
    const isChild = (node) => node.parent?.type === 'JSXElement' || node.parent?.type === 'JSXFragment';

    return {
      JSXText(node) {
        check(node, node.value);
      },
      JSXExpressionContainer(node) {
        if (isChild(node)) checkExpression(node.expression);
      },
      JSXAttribute(node) {
        const name = node.name.type === 'JSXIdentifier' ? node.name.name : null;
        if (!name || !VISIBLE_PROPS.has(name) || !node.value) return;
        if (node.value.type === 'Literal') checkExpression(node.value);
        else if (node.value.type === 'JSXExpressionContainer') checkExpression(node.value.expression);
      },
    };
  },
};

export default rule;
