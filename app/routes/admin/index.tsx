import { Link } from "react-router";
import { currentViewer } from "~/server/auth/context.server";
import type { Route } from "./+types/index";

export function loader({ context }: Route.LoaderArgs) {
  const viewer = currentViewer(context);
  return { name: viewer.fullName ?? viewer.email, role: viewer.role };
}

export default function AdminHome({ loaderData }: Route.ComponentProps) {
  return (
    <section className="mx-auto max-w-6xl px-4 py-12">
      <h1 className="text-3xl font-bold">Admin</h1>
      <p className="mt-2 text-muted-foreground">
        Signed in as {loaderData.name} ({loaderData.role}).
      </p>
      <ul className="mt-6 flex gap-4">
        <li>
          <Link to="/admin/lessons/new" className="underline">
            Add Lesson
          </Link>
        </li>
        <li>
          <Link to="/admin/clients" className="underline">
            Leads &amp; Clients
          </Link>
        </li>
      </ul>
    </section>
  );
}
