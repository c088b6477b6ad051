import { en } from "zod/locales";
import * as z from "zod/mini";

// Every schema shared by the browser and the server imports zod from here: zod/mini is classic zod's engine
// without its methods, 25 KB gzipped less on the first press of every form (docs/decisions/0024-forms.md).
// Imported first, this configures zod before any schema parses.

// zod/mini ships no messages: without English its default ones read "Invalid input", where classic zod's
// (still loaded by app/server/env.server.ts) read "Too big: expected string to have <=500 characters".
// jitless: classic zod's JIT probes `new Function`, which the browser's script policy reports; mini never
// compiles, but the server's classic schemas share this config.
z.config({ ...en(), jitless: true });

export { z };

/**
 * A transform's refusal: mini's transforms get the parse payload, not classic's `ctx.addIssue`. The issue
 * is the one `addIssue({ code: "custom", message })` made: no `continue`, so the parse stops there.
 */
export function refuse(payload: z.core.ParsePayload, message: string): never {
  payload.issues.push({ code: "custom", message, input: payload.value });
  return z.NEVER;
}
