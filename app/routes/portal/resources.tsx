import { currentViewer } from "~/server/auth/context.server";
import type { Route } from "./+types/resources";

// Placeholder until the portal is built: proves the guard and shows who is signed in.
export function loader({ context }: Route.LoaderArgs) {
  const viewer = currentViewer(context);
  return { name: viewer.fullName ?? viewer.email, role: viewer.role };
}

export default function Page({ loaderData }: Route.ComponentProps) {
  return (
    <section className="mx-auto max-w-6xl px-4 py-12">
      <h1 className="text-3xl font-bold">Resources</h1>
      <p className="mt-2 text-muted-foreground">
        Signed in as {loaderData.name} ({loaderData.role}).
      </p>
    </section>
  );
}
