import { randomBytes } from "node:crypto";
import { postgresProblem, scratchDatabase } from "./database";
import { assertBuilt, type RunningServer, startServer, stopAllServers } from "./server-process";

export async function twoProcessesUnavailable(what: string): Promise<string | undefined> {
  const problem = await postgresProblem();
  if (problem) console.log(`Skipping ${what}: PostgreSQL does not answer: ${problem}`);
  return problem;
}

/** As behind a load balancer; `stop()` ends the servers and drops the database. */
export async function startTwoProcesses(
  prefix: string,
): Promise<{ a: RunningServer; b: RunningServer; stop(): Promise<void> }> {
  assertBuilt();
  const scratch = await scratchDatabase(prefix);
  const stop = async () => {
    await stopAllServers();
    await scratch.drop().catch(() => {});
  };
  try {
    const env = { DATABASE_URL: scratch.url, SESSION_SECRET: randomBytes(32).toString("hex") };
    const a = await startServer({ env });
    const b = await startServer({ env });
    return { a, b, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
