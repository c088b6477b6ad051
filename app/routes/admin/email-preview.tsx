import { AdminPage } from "~/components/admin/admin-page";
import { HeadedSection } from "~/components/ui/headed-section";
import { privateMeta } from "~/lib/seo";
import { isPreviewKind, previewEmail } from "~/server/mail/preview.server";
import { refusal } from "~/server/refusal.server";
import { routeAccess, staff } from "~/server/route-access";
import type { Route } from "./+types/email-preview";

// One kind of email rendered with its sample, by the same code that writes the outbox; nothing is stored.

export const access = routeAccess({ loader: staff("emails.read") });

export async function loader({ params }: Route.LoaderArgs) {
  if (!isPreviewKind(params.kind)) throw refusal({ error: "No email of that kind." }, { status: 404 });
  return previewEmail(params.kind);
}

export const meta = privateMeta("Email preview", "One kind of email, shown with sample data.");

export default function EmailPreview({ loaderData }: Route.ComponentProps) {
  const { label, audience, to, subject, html, text } = loaderData;
  return (
    <AdminPage title={label} back={{ to: "/admin/emails/preview", label: "Email previews" }}>
      <p className="mt-2 text-sm text-muted-foreground">
        Sample data, sent to no one. {audience === "staff" ? "Coach and admin" : "A client"} would get it as{" "}
        {to}.
      </p>
      <dl className="mt-4 rounded-xl border border-border bg-card p-4">
        <dt className="text-sm text-muted-foreground">Subject</dt>
        <dd className="mt-1 break-words font-semibold">{subject}</dd>
      </dl>
      <div className="mt-6 grid grid-cols-1 gap-6 lg:grid-cols-2">
        <HeadedSection id="preview-html" title="HTML">
          {/* No scripts, forms or navigation: srcdoc keeps the email inside this page's own CSP. */}
          <iframe
            title={`${label}: the HTML part`}
            sandbox=""
            srcDoc={html}
            className="mt-2 h-[36rem] w-full rounded-xl border border-border bg-white"
          />
        </HeadedSection>
        <HeadedSection id="preview-text" title="Plain text">
          <pre className="mt-2 whitespace-pre-wrap break-words rounded-xl border border-border bg-muted p-3 text-sm">
            {text}
          </pre>
        </HeadedSection>
      </div>
    </AdminPage>
  );
}
