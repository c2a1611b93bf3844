import { config } from 'zod';

// zod compiles object parsers with `new Function` where it may; its probe for that is blocked by
// our Content-Security-Policy (script-src 'self', no 'unsafe-eval') and shows in the browser's
// inspector as a CSP issue. The forms' schemas are small: the interpreter is fast enough.
config({ jitless: true });
