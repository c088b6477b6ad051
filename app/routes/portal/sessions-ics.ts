import { SETTINGS } from "~/content/settings";
import { currentViewer } from "~/server/auth/context.server";
import { sessionsCalendar } from "~/server/bookings/ics.server";
import { getDb } from "~/server/db.server";
import { ownBookings } from "~/server/models/bookings-read.server";
import { can } from "~/server/policy.server";
import type { Route } from "./+types/sessions-ics";

// GET /sessions.ics: "Add to calendar" for the client's upcoming sessions; `?booking=<id>` for one.
// Only the reader's own bookings; another person's id is simply not found.

const PERMISSION = "You don't have permission to do that.";

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = currentViewer(context);
  if (!can(viewer, "portal.read-own")) return Response.json({ error: PERMISSION }, { status: 403 });
  const wanted = new URL(request.url).searchParams.get("booking");
  const now = Date.now();
  const own = await ownBookings(await getDb(), viewer);
  const sessions = own.filter((b) =>
    wanted ? b.id === wanted : b.status === "booked" && b.endsAt.getTime() >= now,
  );
  if (wanted && sessions.length === 0) {
    return Response.json({ error: "That session was not found." }, { status: 404 });
  }
  const text = sessionsCalendar(sessions, { name: SETTINGS.coach.name, email: SETTINGS.operator.email });
  return new Response(text, {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": `attachment; filename="${wanted ? "session" : "sessions"}.ics"`,
      "Cache-Control": "private, no-store",
    },
  });
}
