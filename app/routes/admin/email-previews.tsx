import { AdminPage } from "~/components/admin/admin-page";
import { LightLink } from "~/components/light-link";
import { privateMeta } from "~/lib/seo";
import { previewList } from "~/server/mail/preview.server";
import { routeAccess, staff } from "~/server/route-access";
import type { Route } from "./+types/email-previews";

// Every kind of email the product sends, each opened with sample data: what a client or the staff get,
// seen without the event that sends it. Nothing here is stored or sent.

export const access = routeAccess({ loader: staff("emails.read") });

export function loader() {
  return { kinds: previewList() };
}

export const meta = privateMeta("Email previews", "Every kind of email, shown with sample data.");

const AUDIENCES = [
  { audience: "client", title: "To clients" },
  { audience: "staff", title: "To coach and admin" },
] as const;

export default function EmailPreviews({ loaderData }: Route.ComponentProps) {
  return (
    <AdminPage title="Email previews" back={{ to: "/admin/emails", label: "Emails" }}>
      <p className="mt-2 max-w-3xl text-muted-foreground">
        Every email the site sends, filled in with sample data: open one to see its subject, its HTML and its
        plain text as the person receives them. Nothing is sent from here.
      </p>
      {AUDIENCES.map(({ audience, title }) => (
        <section key={audience} aria-labelledby={`previews-${audience}`} className="mt-6">
          <h2 id={`previews-${audience}`} className="text-xl font-semibold">
            {title}
          </h2>
          <ul className="mt-3 grid gap-2 sm:grid-cols-2">
            {loaderData.kinds
              .filter((item) => item.audience === audience)
              .map((item) => (
                <li key={item.kind}>
                  <LightLink
                    to={`/admin/emails/preview/${item.kind}`}
                    className="block rounded-xl border border-border bg-card p-3 hover:bg-muted"
                  >
                    <span className="font-medium">{item.label}</span>
                  </LightLink>
                </li>
              ))}
          </ul>
        </section>
      ))}
    </AdminPage>
  );
}
