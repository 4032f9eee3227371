import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import type { Plugin } from 'vite';

const PREFIX = 'catalog:';
const VIRTUAL = `\0${PREFIX}`;
/** Not ".json": Vite's own JSON plugin must leave the compiled module alone. */
const SUFFIX = '.messages.js';

/**
 * `import { messages } from 'catalog:./hi.json'` gives that JSON catalogue compiled for Lingui at build
 * time (ICU MessageFormat parsed into Lingui's arrays), so the browser never ships a message compiler
 * (ADR 018). A bad ICU message fails the build, naming the catalogue and the key.
 */
export function messageCatalogs(): Plugin {
  return {
    name: 'quizcast:message-catalogs',
    enforce: 'pre',
    resolveId(source, importer) {
      if (!source.startsWith(PREFIX) || !importer) return null;
      const file = path.resolve(path.dirname(importer.split('?')[0]!), source.slice(PREFIX.length));
      return `${VIRTUAL}${file}${SUFFIX}`;
    },
    async load(id) {
      if (!id.startsWith(VIRTUAL) || !id.endsWith(SUFFIX)) return null;
      const file = id.slice(VIRTUAL.length, -SUFFIX.length);
      this.addWatchFile(file);
      const source = JSON.parse(await readFile(file, 'utf8')) as Record<string, string>;
      const compiled: Record<string, unknown> = {};
      for (const [key, message] of Object.entries(source)) {
        try {
          compiled[key] = compileMessageOrThrow(message);
        } catch (err) {
          throw new Error(`${path.relative(process.cwd(), file)}: "${key}": ${(err as Error).message}`, {
            cause: err,
          });
        }
      }
      return `export const messages = JSON.parse(${JSON.stringify(JSON.stringify(compiled))});`;
    },
  };
}
