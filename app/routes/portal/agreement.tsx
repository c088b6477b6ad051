import { Form, useNavigation } from "react-router";
import { AgreementText } from "~/components/agreement/agreement-text";
import { useForm } from "~/components/form";
import { LightLink } from "~/components/light-link";
import { LocalDateTime } from "~/components/portal/local-date-time";
import { EmptyState, PortalPage } from "~/components/portal/portal-page";
import { Button } from "~/components/ui/button";
import { CheckboxField, TextField } from "~/components/ui/fields";
import { HeadedSection } from "~/components/ui/headed-section";
import { AGREEMENT_NAME_MAX, acceptAgreementForm } from "~/lib/schemas/agreement";
import { privateMeta } from "~/lib/seo";
import { currentViewer, permitFor } from "~/server/auth/context.server";
import { getDb } from "~/server/db.server";
import { actionOf } from "~/server/intents.server";
import { acceptAgreement, ownAgreementView } from "~/server/models/agreement.server";
import { modeFor } from "~/server/models/portal-view.server";
import { clientAddressContext } from "~/server/rate-limit.server";
import { portal, routeAccess } from "~/server/route-access";
import type { Route } from "./+types/agreement";

// The client reads the coaching agreement and accepts it by typing their name and ticking the box; the
// version they accepted stays readable here (docs/decisions/0047-coaching-agreement.md). A lead has no
// agreement to accept: 403, no demo.

export const access = routeAccess({ loader: portal("portal.read-own") });

export async function loader({ request, context }: Route.LoaderArgs) {
  const param = new URL(request.url).searchParams.get("version");
  const wanted = param === null ? null : /^\d{1,9}$/.test(param) ? Number(param) : -1;
  const view = await ownAgreementView(await getDb(), permitFor(context, "portal.read-own"), wanted);
  const viewer = currentViewer(context);
  return { ...view, mode: modeFor(viewer, request, false) };
}

export const action = actionOf(
  "portal",
  (intent) => ({
    accept: intent({
      permission: "agreement.accept-own",
      form: acceptAgreementForm,
      // The person is the signed-in one and the address Express's trusted one: the form names neither.
      handler: async (input, { db, permit, args }) => {
        const done = await acceptAgreement(db, permit, {
          version: input.version,
          fullName: input.fullName,
          ipAddress: args.context.get(clientAddressContext),
          userAgent: args.request.headers.get("user-agent"),
        });
        return { message: `You accepted version ${done.version} of the agreement.` };
      },
    }),
  }),
  { default: "accept" },
);

export const meta = privateMeta("Coaching agreement", "Your coaching agreement.");

export default function Agreement({ loaderData, actionData }: Route.ComponentProps) {
  const { shown, current, accepted, mode } = loaderData;
  const busy = useNavigation().state !== "idle";
  const form = useForm(acceptAgreementForm, { answer: actionData, busy });
  if (!shown || !current)
    return (
      <PortalPage title="Coaching agreement" mode={mode}>
        <EmptyState>Your coach has not published an agreement yet: there is nothing to accept.</EmptyState>
      </PortalPage>
    );
  const acceptance = shown.acceptance;
  const mayAccept = shown.isCurrent && !acceptance;
  return (
    <PortalPage title="Coaching agreement" subtitle={`Version ${shown.version}`} mode={mode}>
      <HeadedSection id="agreement-status" title="Status" className="space-y-2" titleClassName="sr-only">
        {acceptance ? (
          <p role="status" className="rounded-md border border-border bg-muted px-3 py-2 text-sm">
            You accepted version {shown.version} on <LocalDateTime value={acceptance.acceptedAt} /> as “
            {acceptance.fullName}”.
          </p>
        ) : null}
        {!shown.isCurrent ? (
          <p className="text-sm">
            Version {current.version} is the current one.{" "}
            <LightLink to="/agreement" className="font-medium underline underline-offset-2">
              {current.acceptedByMe ? "Read it" : "Read and accept it"}
            </LightLink>
          </p>
        ) : null}
      </HeadedSection>

      <article
        aria-label={`Coaching agreement, version ${shown.version}`}
        className="rounded-xl border border-border bg-card p-4 sm:p-6"
      >
        <AgreementText body={shown.body} />
      </article>

      {mayAccept ? (
        <HeadedSection id="accept-title" title="Accept the agreement">
          <Form method="post" ref={form.ref} onSubmit={form.onSubmit} className="mt-3 grid max-w-md gap-3">
            <input type="hidden" name="intent" value="accept" />
            <input type="hidden" name="version" value={shown.version} />
            <TextField
              form={form}
              name="fullName"
              label="Your full name"
              autoComplete="name"
              maxLength={AGREEMENT_NAME_MAX}
            />
            <CheckboxField form={form} name="accept" label="I have read and accept this agreement" />
            {form.message}
            <div>
              <Button type="submit" disabled={busy}>
                Accept version {shown.version}
              </Button>
            </div>
          </Form>
        </HeadedSection>
      ) : null}

      {accepted.length > 0 ? (
        <HeadedSection id="accepted-title" title="Versions you accepted">
          <ul className="mt-2 grid gap-1 text-sm">
            {accepted.map((a) => (
              <li key={a.version}>
                <LightLink to={`/agreement?version=${a.version}`} className="underline underline-offset-2">
                  Version {a.version}
                </LightLink>{" "}
                · accepted <LocalDateTime value={a.acceptedAt} />
              </li>
            ))}
          </ul>
        </HeadedSection>
      ) : null}
    </PortalPage>
  );
}
