import { SETTINGS } from "~/content/settings";
import { permitFor } from "~/server/auth/context.server";
import { sessionsCalendar } from "~/server/bookings/ics.server";
import { getDb } from "~/server/db.server";
import { ownBookings } from "~/server/models/bookings-read.server";
import { portal, routeAccess } from "~/server/route-access";
import type { Route } from "./+types/sessions-ics";

// Another person's booking id is simply not found.

export const access = routeAccess({ loader: portal("portal.read-own") });

export async function loader({ request, context }: Route.LoaderArgs) {
  const permit = permitFor(context, "portal.read-own");
  const wanted = new URL(request.url).searchParams.get("booking");
  const now = Date.now();
  const own = await ownBookings(await getDb(), permit);
  const sessions = own.filter((b) =>
    wanted ? b.id === wanted : b.status === "booked" && b.endsAt.getTime() >= now,
  );
  if (wanted && sessions.length === 0) {
    return Response.json({ error: "That session was not found." }, { status: 404 });
  }
  const text = await sessionsCalendar(sessions, {
    name: SETTINGS.coach.name,
    email: SETTINGS.operator.email,
  });
  return new Response(text, {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": `attachment; filename="${wanted ? "session" : "sessions"}.ics"`,
      "Cache-Control": "private, no-store",
    },
  });
}
