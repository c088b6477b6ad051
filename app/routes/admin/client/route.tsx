import { canBeNoShow } from "~/domain/no-shows";
import { CLIENT_DETAIL_ACTIVITY_LIMIT, effectivePlan } from "~/domain/plans";
import { adjustableQuotas, specialItems, usageSummary } from "~/domain/usage";
import { errorCopy } from "~/lib/error-copy";
import { idSchema } from "~/lib/schemas/admin";
import { seo } from "~/lib/seo";
import { invalid } from "~/server/action-result.server";
import { currentViewer, permitFor } from "~/server/auth/context.server";
import { getDb } from "~/server/db.server";
import { fileRows } from "~/server/entries/file-routes.server";
import { fileLimits } from "~/server/files/app-store.server";
import { intentAction } from "~/server/intents.server";
import { activitiesFor } from "~/server/models/activities.server";
import { auditTrail } from "~/server/models/audit.server";
import { bookingsOf } from "~/server/models/bookings-read.server";
import { listFiles } from "~/server/models/files.server";
import { homeworkFor } from "~/server/models/homework.server";
import { intakeFor } from "~/server/models/intake.server";
import { notesOf } from "~/server/models/job-search-notes.server";
import { applicationsOf } from "~/server/models/job-search-read.server";
import { lessonsFor } from "~/server/models/lessons.server";
import { personOrders } from "~/server/models/orders.server";
import { getPerson } from "~/server/models/people.server";
import { planExpiryOf } from "~/server/models/practice-settings.server";
import { resourcesFor } from "~/server/models/resources.server";
import { usageFor } from "~/server/models/usage.server";
import { can } from "~/server/policy.server";
import { refusal } from "~/server/refusal.server";
import { routeAccess, staff } from "~/server/route-access";
import type { Route } from "./+types/route";
import { Activity } from "./activity";
import { activityIntents } from "./activity.server";
import { BookingsSection } from "./bookings";
import { bookingIntents } from "./bookings.server";
import { DeletePersonSection } from "./delete-person";
import { deletePersonIntents } from "./delete-person.server";
import { FilesSection } from "./files";
import { HomeworkSection } from "./homework";
import { homeworkIntents } from "./homework.server";
import { IntakeSection } from "./intake";
import { intakeIntents } from "./intake.server";
import { JobSearchSection } from "./job-search";
import { jobSearchIntents } from "./job-search.server";
import { LessonsSection } from "./lessons";
import { PaymentsSection } from "./payments";
import { ResourcesSection } from "./resources";
import { resourceIntents } from "./resources.server";
import { ToReview } from "./review";
import { RoleAndPlan } from "./role-plan";
import { rolePlanIntents } from "./role-plan.server";
import { BackToClients, JumpLinks } from "./section";
import { Trail } from "./trail";
import { Quotas, SpecialItems } from "./usage";
import { usageIntents } from "./usage.server";

// A client's page (docs/product/screens.md, Client detail): this module only composes. Each part sits in
// its own file here, its component in `<part>.tsx` and its intents (permission, form and model call)
// in `<part>.server.ts`.

/** Promise.all over named promises: each answer under its promise's name. */
async function allOf<T extends Record<string, Promise<unknown>>>(promises: T) {
  const answers = await Promise.all(Object.values(promises));
  const names = Object.keys(promises);
  return Object.fromEntries(names.map((name, i) => [name, answers[i]])) as { [K in keyof T]: Awaited<T[K]> };
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const viewer = currentViewer(context);
  const id = idSchema.safeParse(params.id);
  if (!id.success) throw refusal({ error: "No one with that id." }, { status: 404 });
  const db = await getDb();
  const read = permitFor(context, "client.read");
  const person = await getPerson(db, read, id.data);
  const { usage, files, expiry, ...shown } = await allOf({
    usage: usageFor(db, read, person.id),
    activity: activitiesFor(db, read, person.id, CLIENT_DETAIL_ACTIVITY_LIMIT),
    homework: homeworkFor(db, read, person.id),
    lessons: lessonsFor(db, read, person.id),
    resources: resourcesFor(db, read, person.id),
    trail: auditTrail(db, read, person.id),
    orders: personOrders(db, permitFor(context, "payments.read"), person.id),
    bookings: bookingsOf(db, permitFor(context, "bookings.read"), person.id),
    files: listFiles(db, permitFor(context, "files.manage"), person.id),
    intake: intakeFor(db, read, person.id),
    applications: applicationsOf(db, permitFor(context, "job-search.read"), person.id),
    jobNotes: notesOf(db, permitFor(context, "job-search.read"), person.id),
    expiry: planExpiryOf(db, person.id, new Date()),
  });
  const plan = effectivePlan(person.plan);
  const now = new Date();
  const summary = usageSummary(plan, usage, expiry);
  return {
    person,
    plan,
    quotas: adjustableQuotas(summary),
    specials: specialItems(summary),
    ...shown,
    // Decided here, not in the browser, so the page renders the same on both sides.
    bookings: shown.bookings.map((booking) => ({ ...booking, started: canBeNoShow(booking, now) })),
    files: {
      // Staff do not delete here: a client removes what they added (docs/decisions/0043-file-storage.md).
      list: fileRows(files, "staff"),
      maxBytes: fileLimits().maxBytes,
    },
    // Metadata only: what is attached to a hand-in, a review or a lesson shows under it.
    attachments: files.map((file) => ({
      id: file.id,
      name: file.name,
      size: file.size,
      homeworkId: file.homeworkId,
      lessonId: file.lessonId,
      byOwner: file.uploadedBy === file.ownerId,
    })),
    isSelf: person.id === viewer.id,
    may: {
      setRole: can(viewer, "profile.set-role"),
      setPlan: can(viewer, "profile.set-plan"),
      adjust: can(viewer, "usage.adjust"),
      mark: can(viewer, "special-item.mark"),
      addActivity: can(viewer, "activity.create"),
      homework: can(viewer, "homework.assign"),
      resources: can(viewer, "resource.manage"),
      lessons: can(viewer, "lesson.create"),
      deletePerson: can(viewer, "profile.delete"),
      resolveBookings: can(viewer, "bookings.resolve"),
      noShow: can(viewer, "bookings.no-show"),
      intake: can(viewer, "intake.manage"),
      jobNotes: can(viewer, "job-search.note"),
    },
  };
}

// Who may open a client (ARCHITECTURE: coach vs admin): enforced by app/server/auth/access.server.ts
// before the loader runs; each intent below declares its own permission.
export const access = routeAccess({ loader: staff("client.read") });

/** A client's page's changes: one intent per form, each in its part's `<part>.server.ts`. */
export const action = intentAction({
  intents: {
    ...rolePlanIntents,
    ...usageIntents,
    ...activityIntents,
    ...jobSearchIntents,
    ...homeworkIntents,
    ...resourceIntents,
    ...deletePersonIntents,
    ...bookingIntents,
    ...intakeIntents,
  },
  before: async ({ params }) =>
    idSchema.safeParse(params.id).success ? undefined : invalid("That person was not found."),
  context: ({ params }) => ({ clientId: idSchema.parse(params.id) }),
});

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const name = loaderData ? loaderData.person.fullName || loaderData.person.email : "Client";
  return seo(matches, { title: name, description: "Client detail.", noindex: true });
}

export default function ClientDetail({ loaderData: data }: Route.ComponentProps) {
  const { person } = data;
  const hasRecords = person.role === "client" || person.role === "lead";
  return (
    <div className="mx-auto max-w-6xl px-4 py-5 sm:py-6">
      <BackToClients />
      <div className="mt-2 flex flex-wrap items-end justify-between gap-x-8 gap-y-4">
        <div className="min-w-0">
          <h1 className="text-3xl font-bold tracking-tight break-words">{person.fullName || person.email}</h1>
          <p className="break-words text-muted-foreground">{person.email}</p>
        </div>
        <RoleAndPlan data={data} />
      </div>
      {hasRecords && <JumpLinks />}

      {hasRecords ? (
        <div className="mt-6 grid gap-10">
          <div className="grid gap-10 lg:grid-cols-2 lg:gap-x-8">
            <div className="grid min-w-0 content-start gap-8">
              <Quotas data={data} />
              <Activity data={data} />
            </div>
            <div className="grid min-w-0 content-start gap-10">
              <ToReview data={data} />
              <SpecialItems data={data} />
            </div>
          </div>
          <IntakeSection data={data} />
          <BookingsSection data={data} />
          <HomeworkSection data={data} />
          <JobSearchSection data={data} />
          <FilesSection data={data} />
          <div className="grid gap-10 lg:grid-cols-2 lg:gap-x-8">
            <div className="min-w-0">
              <LessonsSection data={data} />
            </div>
            <div className="min-w-0">
              <ResourcesSection data={data} />
            </div>
          </div>
          <PaymentsSection data={data} />
        </div>
      ) : (
        <p className="mt-8 text-muted-foreground">
          Coaches and admins have no plan, quotas or coaching records.
        </p>
      )}
      <div className="mt-10 grid gap-10">
        <Trail data={data} />
        {data.may.deletePerson && !data.isSelf && <DeletePersonSection data={data} />}
      </div>
    </div>
  );
}

/** The reason in the server's words (docs/product/errors.md), and the way back. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { title, message } = errorCopy(error);
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:py-10">
      <BackToClients />
      <h1 className="mt-2 text-3xl font-bold tracking-tight">{title}</h1>
      <p role="alert" className="mt-3 text-danger">
        {message}
      </p>
    </div>
  );
}
