import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import type { Page } from '@playwright/test';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * The pseudo-locale (issue 18): every message of the web app's English catalogues, its letters
 * accented and the text made about 40% longer, so a screen shows what a longer translation would do
 * to it (a 360 px phone must neither scroll sideways nor clip a word). It is built here, at test
 * time, from the `en.json` files, and served in place of the Hindi catalogue chunks by a route in
 * the browser under test: nothing of it is in the app's build, its bundle or its size budgets.
 */

const WEB_SRC = path.resolve(import.meta.dirname, '../../apps/web/src');

/** Every `messages/en.json` under apps/web/src. */
function englishCatalogues(dir = WEB_SRC): string[] {
  const found: string[] = [];
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) found.push(...englishCatalogues(full));
    else if (name === 'en.json' && path.basename(dir) === 'messages') found.push(full);
  }
  return found;
}

const ACCENTED: Record<string, string> = Object.fromEntries(
  [...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ'].map((c, i) => [
    c,
    [...'åƀçđéƒĝĥîĵķŀɱñöþǫŕšţûṽŵẋýžÅƁÇĐÉƑĜĤÎĴĶĿṀÑÖÞǪŔŠŢÛṼŴẊÝŽ'][i]!,
  ]),
);

/** Every letter the pseudo-locale writes (none of them in plain English): finds its text on screen. */
export const PSEUDO_ACCENTS = Object.values(ACCENTED).join('');

/** How much longer each text becomes. */
export const PSEUDO_GROWTH = 1.4;

/**
 * One piece of message text in the pseudo-locale: accented, then padded with its own words (as a
 * longer translation would be: words that can wrap, not one unbreakable run) to ~140% of its length.
 * `<0>…</0>` markup is left alone. Deterministic: tests find a control by `pseudo(english)`.
 */
export function pseudo(text: string): string {
  return text
    .split(/(<\/?\d+>)/)
    .map((part) => (/^<\/?\d+>$/.test(part) ? part : stretch(part)))
    .join('');
}

function stretch(text: string): string {
  const core = text.trim();
  if (!core) return text;
  // Spaces at either end join this text to an argument ("Hello {name}"): they stay where they are.
  const lead = text.slice(0, text.indexOf(core));
  const trail = text.slice(lead.length + core.length);
  const accented = [...core].map((c) => ACCENTED[c] ?? c).join('');
  const words = accented.split(/\s+/);
  const target = Math.ceil(core.length * PSEUDO_GROWTH);
  let padded = accented;
  for (let i = 0; padded.length < target; i += 1) {
    const word = words[i % words.length]!;
    // A short text gains a short filler; a sentence gains whole words.
    padded += ` ${word.slice(0, Math.max(1, target - padded.length - 1))}`;
  }
  return `${lead}${padded}${trail}`;
}

type Compiled = string | number | null | undefined | Compiled[] | { [key: string]: Compiled };

/** Pseudo-localise Lingui's compiled form: text only, never an argument's name, type or style. */
function pseudoCompiled(node: Compiled): Compiled {
  if (typeof node === 'string') return node === '#' ? node : pseudo(node);
  // A plural's offset (a number, or undefined), an argument with no style.
  if (node === null || node === undefined || typeof node === 'number') return node;
  if (!Array.isArray(node)) {
    return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, pseudoCompiled(v)]));
  }
  return node.map((part) => {
    if (!Array.isArray(part)) return pseudoCompiled(part);
    // [name] | [name, type] | [name, type, format]: plural/select cases hold messages; a string
    // format (a number style) does not.
    const [name, type, format] = part as [string, string?, Compiled?];
    if (format && typeof format === 'object') return [name, type!, pseudoCompiled(format)];
    return part;
  });
}

let cached: { messages: Record<string, Compiled>; english: Map<string, string> } | null = null;

/** Every key of every catalogue, compiled, in the pseudo-locale; and English text → its pseudo form. */
export function pseudoCatalogue() {
  if (cached) return cached;
  const messages: Record<string, Compiled> = {};
  const english = new Map<string, string>();
  for (const file of englishCatalogues()) {
    const catalogue = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
    for (const [key, message] of Object.entries(catalogue)) {
      messages[key] = pseudoCompiled(compileMessageOrThrow(message) as Compiled);
      if (!/[{}<]/.test(message)) english.set(message, pseudo(message));
    }
  }
  cached = { messages, english };
  return cached;
}

/**
 * Switches this page to the pseudo-locale: the app is opened "in Hindi" (the one other language it
 * has), and every Hindi catalogue chunk it fetches is answered with the pseudo catalogue instead
 * (all keys in each: a catalogue only looks its own up). The contract's Hindi server messages stay
 * Hindi. Service workers must be blocked (`test.use({ serviceWorkers: 'block' })`): a worker's
 * precache would answer before the route.
 */
export async function usePseudoLocale(page: Page): Promise<void> {
  const { messages } = pseudoCatalogue();
  const body = `export const messages = JSON.parse(${JSON.stringify(JSON.stringify(messages))});`;
  await page.route(/\/assets\/hi\.json\.messages-[\w-]+\.js$/, (route) =>
    route.fulfill({ status: 200, contentType: 'text/javascript', body }),
  );
  await page.addInitScript(() => window.localStorage.setItem('QUIZCAST_LANGUAGE', 'hi'));
}

/**
 * What a text reads on a pseudo-locale screen: a message written exactly so in an English catalogue
 * is shown in its pseudo form; anything else (data, a screen not yet translated) as it is.
 */
export function pseudoLabel(english: string): string {
  return pseudoCatalogue().english.get(english) ?? english;
}
