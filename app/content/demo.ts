import type { JobSource, JobStage } from "~/domain/job-search";
import type { HomeworkStatus, Plan, ServiceKind } from "~/domain/plans";
import type { ResourceKind } from "~/domain/resource-kinds";

// Dates are days relative to today, so the demo never looks stale.

type DemoLink = { label: string; url: string };

export const DEMO_PERSON = { name: "Alex Kim", headline: "New grad, targeting backend roles" };

/** Used by each plan's demo and by the seed's three clients (app/server/seed.server.ts), so both show the same figures. */
export const DEMO_USAGE: Record<Plan, Partial<Record<ServiceKind, number>>> = {
  basic: { resume_review: 1, mock_interview: 1 },
  pro: { resume_review: 1, linkedin_review: 1, mock_interview: 2, session_30m: 3, strategy_call_90m: 1 },
  premium: {
    resume_review: 1,
    linkedin_review: 1,
    github_review: 1,
    mock_interview: 4,
    session_30m: 9,
    strategy_call_90m: 1,
    dsa_survey: 1,
  },
};

/** A plan's demo shows only the entries its plan includes; entries without `service` belong to every plan. */
export const DEMO_ACTIVITIES: {
  daysAgo: number;
  title: string;
  details: string | null;
  links: DemoLink[];
  service?: ServiceKind;
}[] = [
  {
    daysAgo: 1,
    title: "Mock interview: graphs and BFS",
    service: "mock_interview",
    details: "Solid hire signal. Slow down on the intro.",
    links: [],
  },
  {
    daysAgo: 4,
    title: "Resume review completed",
    service: "resume_review",
    details: "Annotated PDF with 9 suggestions.",
    links: [{ label: "Annotated resume", url: "https://example.com/demo/resume-annotated" }],
  },
  {
    daysAgo: 7,
    title: "Strategy call",
    service: "strategy_call_90m",
    details: "Target list narrowed to 12 companies; weekly rhythm agreed.",
    links: [],
  },
  { daysAgo: 11, title: "LinkedIn headline rewritten", details: null, links: [], service: "linkedin_review" },
  {
    daysAgo: 15,
    title: "Referral sent",
    details: "Backend new-grad role at a Toronto fintech.",
    links: [
      {
        label: "https://example.com/jobs/backend-new-grad",
        url: "https://example.com/jobs/backend-new-grad",
      },
    ],
  },
  { daysAgo: 20, title: "Welcome to coaching", details: "Kickoff booked; portal access granted.", links: [] },
];

export const DEMO_LESSONS: {
  daysAgo: number;
  title: string;
  notes: string;
  recordingUrl: string | null;
  resources: DemoLink[];
}[] = [
  {
    daysAgo: 1,
    title: "Mock interview debrief: graphs",
    notes: "State the brute force first, then optimise out loud. Complexity before code.",
    recordingUrl: "https://example.com/demo/recordings/graphs",
    resources: [{ label: "Graph patterns sheet", url: "https://example.com/demo/graph-patterns" }],
  },
  {
    daysAgo: 8,
    title: "Behavioural stories: ownership",
    notes: "Two STAR stories drafted. Lead with the decision you made, not the setup.",
    recordingUrl: null,
    resources: [{ label: "STAR worksheet", url: "https://example.com/demo/star-worksheet" }],
  },
  {
    daysAgo: 19,
    title: "Kickoff: goals and target companies",
    notes: "3 reach, 5 match, 4 safety. Two problem sets and one story a week.",
    recordingUrl: "https://example.com/demo/recordings/kickoff",
    resources: [],
  },
];

export const DEMO_HOMEWORK: {
  dueInDays: number;
  title: string;
  status: HomeworkStatus;
  description: string;
  links: DemoLink[];
  feedback: string | null;
}[] = [
  {
    dueInDays: -5,
    title: "Quantify your internship bullets",
    status: "reviewed",
    description: "Add a number to every bullet: users, latency, revenue or time saved.",
    links: [],
    feedback: "Much sharper. Move the hackathon win above coursework.",
  },
  {
    dueInDays: 2,
    title: "Five medium graph problems",
    status: "submitted",
    description: "Time-box each to 35 minutes and note where you got stuck.",
    links: [{ label: "Problem set", url: "https://example.com/demo/graphs-medium" }],
    feedback: null,
  },
  {
    dueInDays: 6,
    title: "Record a two-minute 'tell me about yourself'",
    status: "assigned",
    description: "Past, present, future, in that order.",
    links: [],
    feedback: null,
  },
];

export const DEMO_RESOURCES: {
  daysAgo: number;
  kind: ResourceKind;
  title: string;
  url: string;
  tags: string[];
}[] = [
  {
    daysAgo: 2,
    kind: "video",
    title: "System design basics for new grads",
    url: "https://example.com/demo/system-design",
    tags: ["system design", "interviews"],
  },
  {
    daysAgo: 9,
    kind: "practice",
    title: "Blind 75, grouped by pattern",
    url: "https://example.com/demo/blind-75",
    tags: ["dsa", "leetcode"],
  },
  {
    daysAgo: 14,
    kind: "template",
    title: "Cold outreach templates",
    url: "https://example.com/demo/outreach",
    tags: ["networking"],
  },
  {
    daysAgo: 18,
    kind: "guide",
    title: "The new-grad interview roadmap",
    url: "https://example.com/demo/roadmap",
    tags: ["interviews", "planning"],
  },
];

/** The job search's demo board (docs/decisions/0053-job-search.md): applied and last moved N days ago. */
export const DEMO_APPLICATIONS: {
  company: string;
  role: string;
  stage: JobStage;
  source: JobSource;
  appliedDaysAgo: number;
  movedDaysAgo: number;
}[] = [
  {
    company: "Northwind",
    role: "Backend engineer",
    stage: "saved",
    source: "applied",
    appliedDaysAgo: 1,
    movedDaysAgo: 1,
  },
  {
    company: "Globex",
    role: "Software engineer II",
    stage: "applied",
    source: "applied",
    appliedDaysAgo: 6,
    movedDaysAgo: 6,
  },
  {
    company: "Initech",
    role: "Platform engineer",
    stage: "recruiter_screen",
    source: "recruiter",
    appliedDaysAgo: 12,
    movedDaysAgo: 3,
  },
  {
    company: "Umbrella",
    role: "Backend engineer",
    stage: "technical",
    source: "referral",
    appliedDaysAgo: 15,
    movedDaysAgo: 2,
  },
  {
    company: "Hooli",
    role: "Software engineer, infrastructure",
    stage: "onsite",
    source: "referral",
    appliedDaysAgo: 24,
    movedDaysAgo: 4,
  },
  {
    company: "Vandelay",
    role: "Data engineer",
    stage: "rejected",
    source: "applied",
    appliedDaysAgo: 30,
    movedDaysAgo: 9,
  },
];
