import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { DEMO_USAGE } from "../content/demo";
import { checkoutLine } from "../domain/checkout";
import type { Plan, Role, ServiceKind } from "../domain/plans";
import { minutesFor } from "../domain/plans";
import type { Db } from "./db.server";
import { activities, homework, lessons, orders, payments, profiles, resources, serviceUsage } from "./schema";
import { seedJobSearch } from "./seed-job-search.server";

// Sample people for a first run; local sign-in offers exactly these.

export type SeedPerson = {
  key: string;
  email: string;
  fullName: string | null;
  role: Role;
  plan: Plan | null;
};

export const SEED_PEOPLE: readonly SeedPerson[] = [
  { key: "admin", email: "admin@example.com", fullName: "Jordan Avery", role: "admin", plan: null },
  { key: "coach", email: "coach@example.com", fullName: "Priya Raman", role: "coach", plan: null },
  { key: "basic", email: "maya.chen@example.com", fullName: "Maya Chen", role: "client", plan: "basic" },
  { key: "pro", email: "daniel.okafor@example.com", fullName: "Daniel Okafor", role: "client", plan: "pro" },
  {
    key: "premium",
    email: "sofia.alvarez@example.com",
    fullName: "Sofia Alvarez",
    role: "client",
    plan: "premium",
  },
  { key: "lead", email: "liam.tremblay@example.com", fullName: "Liam Tremblay", role: "lead", plan: null },
  { key: "lead2", email: "noah.k@example.com", fullName: null, role: "lead", plan: null },
];

const DAY = 24 * 60 * 60 * 1000;
const daysAgo = (now: Date, days: number, hour = 17) => {
  const d = new Date(now.getTime() - days * DAY);
  d.setUTCHours(hour, 0, 0, 0);
  return d;
};
const isoDay = (now: Date, daysAhead: number) =>
  new Date(now.getTime() + daysAhead * DAY).toISOString().slice(0, 10);

/** What each sample client bought, upfront (docs/decisions/0051-finished-screens.md): Billing shows a purchase. */
export const SEED_PURCHASES = { basic: "USD", pro: "CAD", premium: "USD" } as const;

// Bought a few days apart, each before their first session (the usage starts 40 days back); the plan
// starts then, so an expiry period counts from it (docs/decisions/0055-no-shows-and-expiry.md).
const boughtAt = (now: Date, plan: keyof typeof SEED_PURCHASES) =>
  daysAgo(now, { basic: 45, pro: 43, premium: 41 }[plan], 14);

export async function seedIfEmpty(db: Db, now = new Date()): Promise<boolean> {
  // Any one row answers: counting them all would read the whole table on every start.
  const [anyone] = await db.select({ one: sql<number>`1` }).from(profiles).limit(1);
  if (anyone) return false;
  await db.transaction(async (tx) => {
    const inserted = await tx
      .insert(profiles)
      .values(
        SEED_PEOPLE.map((p) => ({
          email: p.email,
          fullName: p.fullName,
          role: p.role,
          plan: p.plan,
          planStartedAt: p.plan ? boughtAt(now, p.plan) : null,
          emailVerified: true,
        })),
      )
      .returning({ id: profiles.id, email: profiles.email });
    const idOf = (key: string) => {
      const email = SEED_PEOPLE.find((p) => p.key === key)?.email;
      const id = inserted.find((p) => p.email === email)?.id;
      if (!id) throw new Error(`seed person ${key} missing`);
      return id;
    };
    const admin = idOf("admin");
    const coach = idOf("coach");

    // One insert per table for the three clients: each statement is a round trip (docs/decisions/0040-cold-start.md).
    const clients = (["basic", "pro", "premium"] as const).map((plan) => ({ plan, client: idOf(plan) }));
    const usageRows = clients.flatMap(({ plan, client }) =>
      Object.entries(DEMO_USAGE[plan]).flatMap(([kind, count], k) =>
        Array.from({ length: count ?? 0 }, (_, i) => ({
          clientId: client,
          kind: kind as ServiceKind,
          amount: 1,
          minutes: minutesFor(kind as ServiceKind, 1),
          createdBy: admin,
          createdAt: daysAgo(now, 40 - k * 3 - i * 2),
        })),
      ),
    );
    await tx.insert(serviceUsage).values(usageRows);
    await tx
      .insert(lessons)
      .values(clients.flatMap(({ plan, client }) => sampleLessons(now, client, coach, plan)));
    await tx.insert(homework).values(clients.flatMap(({ client }) => sampleHomework(now, client, coach)));
    await tx
      .insert(resources)
      .values(clients.flatMap(({ plan, client }) => sampleResources(now, client, coach, plan)));
    await tx
      .insert(activities)
      .values(clients.flatMap(({ plan, client }) => sampleActivities(now, client, admin, plan)));
    const bought = clients.map(({ plan, client }) => sampleOrder(now, client, plan));
    await tx.insert(orders).values(bought);
    await tx.insert(payments).values(
      bought.map((order) => ({
        orderId: order.id,
        kind: "charge",
        amount: order.unitAmount,
        currency: order.currency,
        reference: `seed_${order.offer}`,
        occurredAt: order.createdAt,
      })),
    );
    await seedJobSearch(tx, idOf("pro"), now);
  });
  return true;
}

function sampleOrder(now: Date, personId: string, plan: keyof typeof SEED_PURCHASES) {
  const currency = SEED_PURCHASES[plan];
  const priced = checkoutLine({ offer: plan, currency, option: "upfront" });
  if (!("line" in priced)) throw new Error(`seed purchase of ${plan}: ${priced.error}`);
  const at = boughtAt(now, plan);
  return {
    id: randomUUID(),
    personId,
    offer: plan,
    currency,
    option: "upfront",
    mode: "payment",
    unitAmount: priced.line.unitAmount,
    plan,
    status: "paid",
    provider: "local",
    fulfilledAt: at,
    createdAt: at,
  };
}

function sampleLessons(now: Date, clientId: string, coachId: string, plan: Plan) {
  const all = [
    {
      title: "Kickoff: goals and target companies",
      notes:
        "Mapped the target list (3 reach, 5 match, 4 safety). Agreed on a weekly rhythm: two LeetCode sets, one behavioural story.",
      occurredAt: daysAgo(now, 35),
      recordingUrl: "https://example.com/recordings/kickoff",
      resources: [{ label: "Target company tracker", url: "https://example.com/templates/company-tracker" }],
    },
    {
      title: "Resume deep dive",
      notes: "Rewrote three bullets with impact-first phrasing. Next: quantify the internship project.",
      occurredAt: daysAgo(now, 21),
      recordingUrl: null,
      resources: [
        { label: "Impact bullet checklist", url: "https://example.com/guides/impact-bullets" },
        {
          label: "https://example.com/samples/new-grad-resume",
          url: "https://example.com/samples/new-grad-resume",
        },
      ],
    },
    {
      title: "Mock interview debrief: graphs",
      notes:
        "Strong on BFS; talk through complexity before coding. Practise stating the brute force first, then optimise out loud.",
      occurredAt: daysAgo(now, 7),
      recordingUrl: "https://example.com/recordings/mock-graphs",
      resources: [{ label: "Graph patterns sheet", url: "https://example.com/guides/graph-patterns" }],
    },
    {
      title: "Behavioural stories: conflict and ownership",
      notes: "Drafted two STAR stories. Cut the setup to two sentences; lead with the decision you made.",
      occurredAt: daysAgo(now, 2),
      recordingUrl: "https://example.com/recordings/behavioural",
      resources: [],
    },
  ];
  const count = plan === "basic" ? 2 : plan === "pro" ? 3 : 4;
  return all.slice(0, count).map((lesson) => ({ ...lesson, clientId, coachId }));
}

function sampleHomework(now: Date, clientId: string, coachId: string) {
  return [
    {
      clientId,
      assignedBy: coachId,
      title: "Quantify your internship bullets",
      status: "reviewed" as const,
      dueDate: isoDay(now, -10),
      description: "Add a number to each bullet: users, latency, revenue, time saved.",
      links: [{ label: "Impact bullet checklist", url: "https://example.com/guides/impact-bullets" }],
      submissionUrl: "https://example.com/docs/resume-v3",
      submissionNote: "Tried to keep it to one page.",
      submittedAt: daysAgo(now, 12),
      feedback: "Much sharper. Move the hackathon win above the coursework section.",
      reviewedAt: daysAgo(now, 11),
      reviewedBy: coachId,
    },
    {
      clientId,
      assignedBy: coachId,
      title: "Five medium graph problems",
      status: "submitted" as const,
      dueDate: isoDay(now, 2),
      description: "Time-box each to 35 minutes and write down where you got stuck.",
      links: [{ label: "Problem set", url: "https://example.com/sets/graphs-medium" }],
      submissionUrl: "https://example.com/notes/graphs",
      submissionNote: "Got stuck on topological sort with cycles.",
      submittedAt: daysAgo(now, 1),
    },
    {
      clientId,
      assignedBy: coachId,
      title: "Record a two-minute 'tell me about yourself'",
      status: "assigned" as const,
      dueDate: isoDay(now, 6),
      description: "Past, present, future, in that order. Under two minutes.",
      links: [],
    },
  ];
}

function sampleResources(now: Date, clientId: string, createdBy: string, plan: Plan) {
  const all = [
    {
      kind: "guide" as const,
      title: "The new-grad interview roadmap",
      url: "https://example.com/guides/roadmap",
      tags: ["interviews", "planning"],
    },
    {
      kind: "practice" as const,
      title: "Blind 75, grouped by pattern",
      url: "https://example.com/sets/blind-75",
      tags: ["dsa", "leetcode"],
    },
    {
      kind: "template" as const,
      title: "Cold outreach message templates",
      url: "https://example.com/templates/outreach",
      tags: ["networking"],
    },
    {
      kind: "video" as const,
      title: "System design basics for new grads",
      url: "https://example.com/videos/system-design-basics",
      tags: ["system design", "interviews"],
    },
  ];
  const count = plan === "basic" ? 2 : plan === "pro" ? 3 : 4;
  return all
    .slice(0, count)
    .map((r, i) => ({ ...r, clientId, createdBy, createdAt: daysAgo(now, 30 - i * 8) }));
}

function sampleActivities(now: Date, clientId: string, createdBy: string, plan: Plan) {
  const all = [
    { title: "Welcome to coaching", details: "Plan activated and kickoff booked.", links: [] },
    {
      title: "Resume review completed",
      details: "Annotated PDF shared.",
      links: [{ label: "Annotated resume", url: "https://example.com/docs/resume-annotated" }],
    },
    {
      title: "Mock interview: arrays and hashing",
      details: "Hire signal on coding; tighten the intro.",
      links: [],
    },
    {
      title: "Referral sent",
      details: null,
      links: [{ label: "https://example.com/jobs/1234", url: "https://example.com/jobs/1234" }],
    },
    { title: "Onsite prep call", details: "Walked through the loop format and the team's stack.", links: [] },
    {
      title: "Offer negotiation notes",
      details: "Counter with competing timeline; ask for signing bonus.",
      links: [],
    },
  ];
  const count = plan === "basic" ? 3 : plan === "pro" ? 5 : 6;
  return all
    .slice(0, count)
    .map((a, i) => ({ ...a, kind: null, clientId, createdBy, occurredAt: daysAgo(now, 38 - i * 7, 15) }));
}
