/**
 * Zod compiles object parsers with `new Function` unless told not to, and its probe for that is reported as
 * a violation of the page's CSP (no 'unsafe-eval', decision 098) even though it is caught. Imported first
 * in main.tsx, so it runs before any schema of @hound/contracts is built (they load in lazy chunks).
 * This is the object `z.config({ jitless: true })` writes; set directly so that the first load does not
 * carry zod's core (4 KB of the 150 KB budget). The browser journeys fail on any CSP violation, so a zod
 * that moved its settings would be noticed.
 */
const zodGlobal = globalThis as { __zod_globalConfig?: Record<string, unknown> };
zodGlobal.__zod_globalConfig = { ...zodGlobal.__zod_globalConfig, jitless: true };
