// `node bench/job-search.mjs`: the job search's two heaviest pages on PostgreSQL (issue 44,
// docs/decisions/0053-job-search.md) — a client's board with 500 applications, and the coach's board across
// 200 active clients holding 20,000 applications between them (interviews and mock bookings among them) —
// each as a document and as its `.data`, one request at a time; p50/p95 against the target. Writes the
// "job-search" section of docs/BENCHMARKS.md.
import os from "node:os";
import {
  adminQuery,
  benchUuid,
  signIn,
  timedGetsArgs,
  timePages,
  withSeededServer,
  writeBenchmarkSection,
} from "./support.mjs";

const TARGET_P95_MS = 150;
const args = timedGetsArgs();

const CLIENTS = 200;
const APPLICATIONS = 20_000;
const BIG = 500;
const BIG_EMAIL = "jsb-big@example.com";
const COACH_EMAIL = "coach@example.com";
const STAGES =
  "ARRAY['saved','applied','recruiter_screen','technical','onsite','offer','declined','rejected','withdrawn','applied']";

// Plain SQL: ids from md5 (benchUuid); each application its creation move; an interview for 1 in 10, spread
// over the next eight days; a mock interview booked for 1 client in 3.
const SEED_SQL = `
INSERT INTO profiles (id, email, full_name, role, plan)
SELECT ${benchUuid("'jsb:' || c")}, format('jsb-%s@example.com', c), 'Searching Client ' || c, 'client', 'pro'
FROM generate_series(1, ${CLIENTS}) AS c;
INSERT INTO profiles (id, email, full_name, role, plan) VALUES (${benchUuid("'jsb:big'")}, '${BIG_EMAIL}', 'Busy Searcher', 'client', 'premium');
INSERT INTO job_applications (id, client_id, company, role, source, applied_on, stage, stage_changed_at, created_at)
SELECT ${benchUuid("'app:' || i")}, ${benchUuid(`'jsb:' || (1 + i % ${CLIENTS})`)}, 'Company ' || i, 'Software engineer',
  'applied', current_date - (i % 120), (${STAGES})[1 + i % 10]::job_stage,
  now() - interval '1 hour' * (i % 2000), now() - interval '1 hour' * (i % 2000) - interval '3 days'
FROM generate_series(1, ${APPLICATIONS}) AS i;
INSERT INTO job_applications (id, client_id, company, role, source, applied_on, stage, stage_changed_at, created_at)
SELECT ${benchUuid("'big:' || i")}, ${benchUuid("'jsb:big'")}, 'Company ' || i, 'Backend engineer', 'referral',
  current_date - (i % 200), (${STAGES})[1 + i % 10]::job_stage, now() - interval '1 hour' * i, now() - interval '1 hour' * i
FROM generate_series(1, ${BIG}) AS i;
INSERT INTO job_application_moves (application_id, from_stage, to_stage, moved_at, moved_by)
SELECT id, NULL, stage, stage_changed_at, client_id FROM job_applications;
INSERT INTO job_interviews (application_id, kind, starts_at)
SELECT ${benchUuid("'app:' || i")}, 'coding', now() + interval '1 hour' * (i % 190)
FROM generate_series(10, ${APPLICATIONS}, 10) AS i;
INSERT INTO bookings (uid, current_uid, client_id, kind, event_type, title, starts_at, ends_at, attendee_email)
SELECT 'jsb-mock-' || c, 'jsb-mock-' || c, ${benchUuid("'jsb:' || c")}, 'mock_interview', 'mock-interview', 'Mock interview',
  now() + interval '2 hours', now() + interval '3 hours', format('jsb-%s@example.com', c)
FROM generate_series(3, ${CLIENTS}, 3) AS c;
`;

async function seed(databaseUrl) {
  await adminQuery(databaseUrl, SEED_SQL);
  await adminQuery(databaseUrl, "VACUUM ANALYZE");
  const [{ count }] = (await adminQuery(databaseUrl, "SELECT count(*)::int AS count FROM job_applications"))
    .rows;
  console.log(`seeded: ${count} applications`);
}

await withSeededServer("jobs", seed, async ({ server }) => {
  const client = await signIn(server.url, BIG_EMAIL);
  const coach = await signIn(server.url, COACH_EMAIL);
  const pages = [
    ["client's board, document", "/applications", client],
    ["client's board, .data", "/applications.data", client],
    ["client's list, document", "/applications?view=list", client],
    ["coach's board, document", "/admin/job-search", coach],
    ["coach's board, .data", "/admin/job-search.data", coach],
  ];
  const results = await timePages(server.url, pages, args);
  const held = Object.values(results).every((r) => r.p95 <= TARGET_P95_MS);
  const lines = [
    "<!-- job-search:start -->",
    "## The job search's boards at 500 and 20,000 applications (bench/job-search.mjs)",
    "",
    `PostgreSQL on this machine (${os.cpus().length} cores), the production build. One client with ${BIG} applications (their board and list); ${CLIENTS} active clients with ${APPLICATIONS.toLocaleString("en-US")} applications between them, an interview for 1 in 10 over the next eight days and a mock interview booked for 1 client in 3 (the coach's board, with its stalled and "interview soon, no mock" flags). One request at a time after ${args.warmUp} to warm up; times are the client's on localhost. Load average at the end ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(
        ", ",
      )}. Target: p95 ≤ ${TARGET_P95_MS} ms — **${held ? "held" : "missed"}**. Run ${new Date().toISOString().slice(0, 10)}.`,
    "",
    "| Request | n | p50 ms | p95 ms | bytes |",
    "| --- | ---: | ---: | ---: | ---: |",
    ...Object.entries(results).map(
      ([label, r]) =>
        `| ${label} | ${r.n} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} | ${r.bytes.toLocaleString("en-US")} |`,
    ),
    "",
    "Queries per page, whatever the count (app/server/models/job-search-read.server.ts, job-search-board.server.ts): the client's board and list read the applications in one prepared statement plus the client's time zone; the coach's board runs four — the stalled setting, the clients, the applications grouped by client and stage, and each client's soonest interview in 72 hours with no mock booked — with the flags, counts and order computed in memory.",
    "<!-- job-search:end -->",
  ];
  if (args.write) writeBenchmarkSection("job-search", lines.join("\n"));
  console.log(lines.join("\n"));
});
