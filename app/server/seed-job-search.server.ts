import { randomUUID } from "node:crypto";
import type { JobStage } from "../domain/job-search";
import type { DbOrTx } from "./db.server";
import { jobApplicationMoves, jobApplications } from "./schema-job-search";

// The sample job search of the seed's Pro client (app/server/seed.server.ts): enough for the portal's board and
// the coach's board (app/routes/admin/job-search.tsx) to show something on a first run — a search quiet for
// 18 days, so it is flagged stalled at the default of 14 days.

const DAY = 24 * 60 * 60 * 1000;

type Sample = {
  company: string;
  role: string;
  source: "applied" | "referral" | "recruiter";
  /** Days ago it was added, then each later move as [days ago, stage]. */
  added: number;
  moves: readonly (readonly [number, JobStage])[];
  first: JobStage;
};

const SAMPLES: readonly Sample[] = [
  {
    company: "Northwind Payments",
    role: "Backend developer",
    source: "referral",
    added: 26,
    first: "applied",
    moves: [[18, "recruiter_screen"]],
  },
  {
    company: "Maple Robotics",
    role: "Software engineer II",
    source: "applied",
    added: 22,
    first: "applied",
    moves: [],
  },
  {
    company: "Harbour Health",
    role: "Full-stack engineer",
    source: "recruiter",
    added: 19,
    first: "saved",
    moves: [],
  },
];

export async function seedJobSearch(tx: DbOrTx, clientId: string, now: Date): Promise<void> {
  const ago = (days: number) => new Date(now.getTime() - days * DAY);
  const applications = SAMPLES.map((sample) => {
    const last = sample.moves.at(-1);
    return {
      id: randomUUID(),
      clientId,
      company: sample.company,
      role: sample.role,
      source: sample.source,
      appliedOn: ago(sample.added).toISOString().slice(0, 10),
      stage: last?.[1] ?? sample.first,
      stageChangedAt: ago(last?.[0] ?? sample.added),
      createdAt: ago(sample.added),
    };
  });
  await tx.insert(jobApplications).values(applications);
  await tx.insert(jobApplicationMoves).values(
    SAMPLES.flatMap((sample, i) => {
      const applicationId = applications[i]?.id as string;
      const steps = [[sample.added, sample.first] as const, ...sample.moves];
      return steps.map(([days, stage], k) => ({
        applicationId,
        fromStage: k === 0 ? null : (steps[k - 1]?.[1] ?? null),
        toStage: stage,
        movedAt: ago(days),
        movedBy: clientId,
      }));
    }),
  );
}
