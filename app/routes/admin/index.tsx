import { SessionsOverview } from "~/components/admin/bookings-overview";
import { LightLink } from "~/components/light-link";
import { FailedPayments } from "~/components/payments/failed-payments";
import { SERVER_TIME_ZONE } from "~/components/portal/local-date-time";
import { type Action, can } from "~/domain/policy";
import { assignBookingForm, confirmBookingForm, dismissBookingForm } from "~/lib/schemas/bookings";
import { seo } from "~/lib/seo";
import { attempt, invalid, readForm } from "~/server/action-result.server";
import { currentViewer, permitFor } from "~/server/auth/context.server";
import { getDb } from "~/server/db.server";
import { bookingsToResolve, sessionsThisWeek } from "~/server/models/bookings-read.server";
import { assignBooking, confirmBooking, dismissBooking } from "~/server/models/bookings-resolve.server";
import { pastDueOrders } from "~/server/models/orders.server";
import { adminFigures } from "~/server/models/people.server";
import { type Handler, routeAccess, staff } from "~/server/route-access";
import type { Route } from "./+types/index";

export const INTENTS = ["assign-booking", "confirm-booking", "dismiss-booking"] as const;

export const access = routeAccess({
  loader: staff("admin.enter"),
  action: {
    intents: {
      "assign-booking": staff("bookings.resolve"),
      // docs/decisions/0036-booking-ownership.md.
      "confirm-booking": staff("bookings.resolve"),
      "dismiss-booking": staff("bookings.resolve"),
    } satisfies Record<(typeof INTENTS)[number], Handler>,
  },
});

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
  const [figures, failedPayments, sessions, toResolve] = await Promise.all([
    adminFigures(db, permitFor(context, "admin.enter")),
    pastDueOrders(db, permitFor(context, "payments.read")),
    sessionsThisWeek(db, bookingsRead, SERVER_TIME_ZONE),
    bookingsToResolve(db, bookingsRead),
  ]);
  return {
    figures,
    failedPayments,
    sessions,
    toResolve,
    mayResolve: can(viewer, "bookings.resolve"),
    name: viewer.fullName?.split(" ")[0] ?? viewer.email,
    role: viewer.role,
    peopleText: peopleCardText(viewer),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const intent = form.get("intent");
  if (intent === "assign-booking") {
    const parsed = assignBookingForm.parse(form);
    if (!parsed.ok) return invalid(parsed.error, parsed.field ?? undefined);
    const permit = permitFor(context, "bookings.resolve");
    const db = await getDb();
    return attempt(() => assignBooking(db, permit, parsed.data.bookingId, parsed.data.email));
  }
  const decide =
    intent === "confirm-booking"
      ? { form: confirmBookingForm, run: confirmBooking }
      : intent === "dismiss-booking"
        ? { form: dismissBookingForm, run: dismissBooking }
        : null;
  if (!decide) return invalid("Unknown action.");
  const parsed = decide.form.parse(form);
  if (!parsed.ok) return invalid(parsed.error, parsed.field ?? undefined);
  const permit = permitFor(context, "bookings.resolve");
  const db = await getDb();
  return attempt(() => decide.run(db, permit, parsed.data.bookingId));
}

export function meta({ matches }: Route.MetaArgs) {
  return seo(matches, {
    title: "Admin",
    description: "The coach's admin area.",
    path: "/admin",
    noindex: true,
  });
}

export default function AdminHome({ loaderData }: Route.ComponentProps) {
  const { figures, failedPayments, name, role, peopleText, sessions, toResolve, mayResolve } = loaderData;
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
      to: "/admin/emails",
      title: "Emails",
      text: "Every email sent or waiting to go, and any that failed.",
    },
  ];
  return (
    <section className="mx-auto max-w-6xl px-4 py-8 sm:py-10">
      <h1 className="text-3xl font-bold tracking-tight">Admin</h1>
      <p className="mt-1 text-muted-foreground">
        Hello {name} ({role}).
      </p>
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
    </section>
  );
}
