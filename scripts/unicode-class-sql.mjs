// Prints the PostgreSQL regex bracket bodies for the Unicode classes display-text.ts uses
// (\p{Cf}, \p{M}, \p{L}, \p{N}, \p{Cc}, and JavaScript's \s), as this Node's Unicode tables have them.
// Migration 0018 embeds them so its SQL twin of cleanDisplayText decides each character the same way.
// Usage: node scripts/unicode-class-sql.mjs
const classes = { Cf: /\p{Cf}/u, M: /\p{M}/u, L: /\p{L}/u, N: /\p{N}/u, Cc: /\p{Cc}/u, space: /\s/u };

function escape(cp) {
  return cp > 0xffff
    ? `\\U${cp.toString(16).toUpperCase().padStart(8, '0')}`
    : `\\u${cp.toString(16).toUpperCase().padStart(4, '0')}`;
}

for (const [name, pattern] of Object.entries(classes)) {
  const ranges = [];
  let start = -1;
  for (let cp = 0; cp <= 0x110000; cp++) {
    const inside = cp < 0x110000 && !(cp >= 0xd800 && cp <= 0xdfff) && pattern.test(String.fromCodePoint(cp));
    if (inside && start < 0) start = cp;
    if (!inside && start >= 0) {
      // PostgreSQL text never holds NUL, so a class starting at U+0000 starts at U+0001.
      const from = Math.max(start, 1);
      ranges.push(from === cp - 1 ? escape(from) : `${escape(from)}-${escape(cp - 1)}`);
      start = -1;
    }
  }
  console.log(`-- ${name} (Unicode ${process.versions.unicode}): ${ranges.length} ranges`);
  console.log(ranges.join(''));
}
