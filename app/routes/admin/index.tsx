import { SessionsOverview } from "~/components/admin/bookings-overview";
import { JobSearchWeek } from "~/components/admin/job-search-week";
import { LightLink } from "~/components/light-link";
import { FailedPayments } from "~/components/payments/failed-payments";
import { type Action, can } from "~/domain/policy";
import { SERVER_TIME_ZONE } from "~/lib/local-time";
import { assignBookingForm, confirmBookingForm, dismissBookingForm } from "~/lib/schemas/bookings";
import { privateMeta } from "~/lib/seo";
import { currentViewer, permitFor } from "~/server/auth/context.server";
import { getDb } from "~/server/db.server";
import { actionOf } from "~/server/intents.server";
import { bookingsToResolve, sessionsThisWeek } from "~/server/models/bookings-read.server";
import { assignBooking, confirmBooking, dismissBooking } from "~/server/models/bookings-resolve.server";
import { interviewsThisWeek, offerDeadlines } from "~/server/models/job-offers-read.server";
import { pastDueOrders } from "~/server/models/orders.server";
import { adminFigures } from "~/server/models/people.server";
import { routeAccess, staff } from "~/server/route-access";
import type { Route } from "./+types/index";

export const access = routeAccess({ loader: staff("admin.enter") });

// Each part only to a reader whose role may do it (a coach does not read "convert leads").
const PEOPLE_TASKS: readonly [Action, string][] = [
  ["lead.convert", "convert leads"],
  ["profile.set-plan", "set plans"],
  ["usage.adjust", "track sessions"],
  ["activity.create", "log activity"],
  ["homework.assign", "assign and review homework"],
  ["resource.manage", "share resources"],
];

function peopleCardText(viewer: Parameters<typeof can>[0]): string {
  const tasks = PEOPLE_TASKS.filter(([action]) => can(viewer, action)).map(([, text]) => text);
  const list = tasks.length > 1 ? `${tasks.slice(0, -1).join(", ")} and ${tasks.at(-1)}` : tasks[0];
  return list ? `Open any lead or client; ${list}.` : "Open any lead or client.";
}

export async function loader({ context }: Route.LoaderArgs) {
  const viewer = currentViewer(context);
  const db = await getDb();
  const bookingsRead = permitFor(context, "bookings.read");
  // The job search's week: two queries, for a reader who may read it (admin, coach).
  const jobSearch = can(viewer, "job-search.read") ? permitFor(context, "job-search.read") : null;
  const [figures, failedPayments, sessions, toResolve, interviews, deadlines] = await Promise.all([
    adminFigures(db, permitFor(context, "admin.enter")),
    pastDueOrders(db, permitFor(context, "payments.read")),
    sessionsThisWeek(db, bookingsRead, SERVER_TIME_ZONE),
    bookingsToResolve(db, bookingsRead),
    jobSearch ? interviewsThisWeek(db, jobSearch) : null,
    jobSearch ? offerDeadlines(db, jobSearch) : null,
  ]);
  return {
    figures,
    failedPayments,
    sessions,
    toResolve,
    jobSearch: interviews && deadlines ? { interviews, deadlines } : null,
    mayResolve: can(viewer, "bookings.resolve"),
    name: viewer.fullName?.split(" ")[0] ?? viewer.email,
    peopleText: peopleCardText(viewer),
  };
}

/**
 * What an admin does about a Cal.com booking that is no one's yet: give it to a client or lead, or —
 * one with a client's email but not from their portal link — confirm it for them or dismiss it
 * (docs/decisions/0036-booking-ownership.md).
 */
export const action = actionOf("staff", (intent) => ({
  "assign-booking": intent({
    permission: "bookings.resolve",
    form: assignBookingForm,
    handler: ({ bookingId, email }, { db, permit }) => assignBooking(db, permit, bookingId, email),
  }),
  "confirm-booking": intent({
    permission: "bookings.resolve",
    form: confirmBookingForm,
    handler: ({ bookingId }, { db, permit }) => confirmBooking(db, permit, bookingId),
  }),
  "dismiss-booking": intent({
    permission: "bookings.resolve",
    form: dismissBookingForm,
    handler: ({ bookingId }, { db, permit }) => dismissBooking(db, permit, bookingId),
  }),
}));

export const meta = privateMeta("Admin", "The coach's admin area.");

export default function AdminHome({ loaderData }: Route.ComponentProps) {
  const { figures, failedPayments, name, peopleText, sessions, toResolve, mayResolve, jobSearch } =
    loaderData;
  const stats = [
    { label: "Leads", value: figures.leads, to: "/admin/clients?filter=leads" },
    { label: "Clients", value: figures.clients, to: "/admin/clients?filter=clients" },
    { label: "Homework awaiting review", value: figures.awaitingReview, to: "/admin/homework" },
  ];
  const cards = [
    {
      to: "/admin/lessons/new",
      title: "Add Lesson",
      text: "Notes, recording and resources from a session, for one client.",
    },
    { to: "/admin/clients", title: "Leads & Clients", text: peopleText },
    {
      to: "/admin/payments",
      title: "Payments",
      text: "Every purchase: instalments, renewals, failed payments and refunds.",
    },
    {
      to: "/admin/codes",
      title: "Codes and referrals",
      text: "Sponsor codes with their uses and revenue, and referral rewards owed.",
    },
    {
      to: "/admin/intake",
      title: "Intake questionnaire",
      text: "The questions a new client answers before the first session.",
    },
    {
      to: "/admin/emails",
      title: "Emails",
      text: "Every email sent or waiting to go, and any that failed.",
    },
    {
      to: "/admin/agreement",
      title: "Coaching agreement",
      text: "The agreement clients accept, its versions, who accepted, and what comes before booking.",
    },
  ];
  return (
    <section className="mx-auto max-w-6xl px-4 py-8 sm:py-10">
      <h1 className="text-3xl font-bold tracking-tight">Admin</h1>
      <p className="mt-1 text-muted-foreground">Welcome back, {name}.</p>
      <FailedPayments orders={failedPayments} />
      <ul className="mt-6 grid gap-4 sm:grid-cols-2">
        {cards.map((card) => (
          <li key={card.to}>
            <LightLink
              to={card.to}
              className="block rounded-xl border border-border bg-card p-5 hover:border-primary"
            >
              <span className="text-lg font-semibold">{card.title}</span>
              <span className="mt-1 block text-sm text-muted-foreground">{card.text}</span>
            </LightLink>
          </li>
        ))}
      </ul>
      <h2 className="mt-10 text-xl font-semibold">At a glance</h2>
      <dl className="mt-4 grid gap-4 sm:grid-cols-3">
        {stats.map((stat) => (
          <div
            key={stat.label}
            className="relative rounded-xl border border-border bg-card p-5 hover:border-primary"
          >
            <dt className="text-sm text-muted-foreground">{stat.label}</dt>
            <dd className="mt-1 text-3xl font-semibold tabular-nums">
              <LightLink
                to={stat.to}
                aria-label={`${stat.label}: ${stat.value}`}
                className="after:absolute after:inset-0 after:rounded-xl hover:underline"
              >
                {stat.value}
              </LightLink>
            </dd>
          </div>
        ))}
      </dl>
      <SessionsOverview<NonNullable<Route.ComponentProps["actionData"]>>
        today={sessions.today}
        week={sessions.week}
        toResolve={toResolve}
        mayResolve={mayResolve}
      />
      {jobSearch && <JobSearchWeek interviews={jobSearch.interviews} deadlines={jobSearch.deadlines} />}
    </section>
  );
}
