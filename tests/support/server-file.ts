import { afterAll, beforeAll } from "vitest";
import { assertBuilt, stopAllServers } from "./server-process";

/**
 * For a file (or describe block) of system tests: the build is checked before its tests, and every server
 * they started is stopped, its data folder removed, after them. Hooks live here, as test-database.ts's do
 * beside database.ts, so server-process.ts stays free of vitest.
 */
export function serversForFile(): void {
  beforeAll(() => assertBuilt());
  afterAll(() => stopAllServers());
}
