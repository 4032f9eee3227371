/**
 * zod 4 compiles a fast parser for each object schema with `new Function`, after probing whether
 * the page allows it. Our Content-Security-Policy does not ('self' scripts only), so the probe is
 * refused, and the browser reports a CSP violation on every screen that builds a schema (Lighthouse's
 * "inspector-issues": best practices 96 on login and the attempt screen). `jitless` skips the probe
 * and the compiled parser, which the CSP forbids anyway.
 *
 * zod keeps its settings on `globalThis.__zod_globalConfig` (so that every copy of zod shares them):
 * set here, without importing zod, so the entry stays free of it. main.tsx imports this module
 * first, before any chunk that builds a schema has loaded.
 */
const scope = globalThis as { __zod_globalConfig?: Record<string, unknown> };
scope.__zod_globalConfig = { ...scope.__zod_globalConfig, jitless: true };

export {};
