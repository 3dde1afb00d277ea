import { z } from 'zod';

/**
 * The app's content security policy forbids eval: zod's compiled fast path would probe for it
 * (a caught `new Function`, still reported as a violation). Imported first by main.tsx, so the
 * setting holds before any schema of the contracts is built (the Bulk create preview checks
 * rows with the server's own schema).
 */
z.config({ jitless: true });
