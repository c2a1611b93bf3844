// zod compiles object parsers with `new Function` where it may; its probe for that is blocked by
// our Content-Security-Policy (script-src 'self', no 'unsafe-eval') and shows in the browser's
// inspector as a CSP issue. The forms' schemas are small: the interpreter is fast enough.
//
// The setting is made without importing zod, which only the pages with forms load (their chunks):
// zod keeps its settings in globalThis.__zod_globalConfig (zod/v4/core/core.js), takes the object
// it finds there when it loads, and reads `jitless` when it first parses.
const holder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
(holder.__zod_globalConfig ??= {}).jitless = true;

export {};
