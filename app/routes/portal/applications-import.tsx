import { Form, redirect, useNavigation } from "react-router";
import { ImportPreview, MappingStep } from "~/components/job-search/import-steps";
import { LightLink } from "~/components/light-link";
import { PortalPage } from "~/components/portal/portal-page";
import { Button } from "~/components/ui/button";
import { FileField } from "~/components/ui/fields";
import {
  CONFIRM_ACTION,
  DATE_FORMATS,
  IMPORT_FILE_FIELD,
  IMPORT_LIMITS,
  TRACKER_LABELS,
} from "~/domain/job-import";
import type { ImportAnswer } from "~/lib/job-import-rows";
import { privateMeta } from "~/lib/seo";
import { attempt } from "~/server/action-result.server";
import { currentViewer, permitFor } from "~/server/auth/context.server";
import { modeFor } from "~/server/models/portal-view.server";
import { PORTAL_PAGE, portal, routeAccess } from "~/server/route-access";
import type { Route } from "./+types/applications-import";
import { runImport } from "./applications-import.server";

// "Import from a CSV" (docs/decisions/0053-job-search.md, "Import and export"): one form that keeps the chosen
// file through its steps — the columns (for a file no tracker wrote), the preview of every row, the import.
// Without JavaScript each step is a page and the file is chosen again; a lead sees what it does, no form.

export const access = routeAccess({ loader: PORTAL_PAGE, action: portal("job-search.own") });
// A multipart post here streams to the action unread (app/server/files/upload.server.ts).
export const streamsUploads = true;

export function loader({ request, context }: Route.LoaderArgs) {
  return { mode: modeFor(currentViewer(context), request, false) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const permit = permitFor(context, "job-search.own");
  const confirm = new URL(request.url).searchParams.get("step") === "confirm";
  const answer = await attempt(
    (): Promise<ImportAnswer> => runImport(request, permit, confirm),
    "The import failed.",
  );
  // Stored: to the board, which says how many (a reload there stores nothing again).
  if ("ok" in answer && answer.ok && answer.value.step === "done")
    return redirect(`/applications?imported=${answer.value.count}`);
  return answer;
}

export const meta = privateMeta(
  "Import applications",
  "Bring your applications from Huntr, Teal, Simplify or a spreadsheet.",
);

const LIMITS = `A CSV file of at most ${IMPORT_LIMITS.bytes / (1024 * 1024)} MB and ${IMPORT_LIMITS.rows.toLocaleString("en")} rows. Dates as ${DATE_FORMATS}.`;

export default function ImportApplications({ loaderData, actionData }: Route.ComponentProps) {
  const { mode } = loaderData;
  const busy = useNavigation().state === "submitting";
  const answer = actionData?.ok ? actionData.value : null;
  const refused = actionData?.ok === false ? actionData.error : null;
  const preview = answer?.step === "preview" ? answer : null;
  const mapping = answer?.step === "mapping" ? answer : preview && !preview.tracker ? preview : null;
  return (
    <PortalPage title="Import applications" mode={mode}>
      <p className="max-w-prose text-sm text-muted-foreground">
        Export a CSV from {Object.values(TRACKER_LABELS).join(", ")} or any spreadsheet, choose it here, and
        check every row before anything is stored. An import is all or nothing.{" "}
        <LightLink to="/applications" className="underline underline-offset-2">
          Back to your job search
        </LightLink>
      </p>
      {mode.kind !== "real" ? (
        <p className="text-sm text-muted-foreground">
          Clients bring their applications from their tracker here.
        </p>
      ) : (
        <Form
          method="post"
          encType="multipart/form-data"
          action="/applications/import"
          className="grid max-w-3xl gap-6"
        >
          {mapping && (
            <MappingStep
              columns={mapping.columns}
              chosen={mapping.chosen}
              error={answer?.step === "mapping" ? answer.error : null}
            />
          )}
          {preview && <input type="hidden" name="token" value={preview.token} />}
          {/* Last of the fields: the upload path reads the fields before the file. */}
          <FileField
            name={IMPORT_FILE_FIELD}
            label={answer ? "Your CSV file (choose it again if this is empty)" : "Your CSV file"}
            description={LIMITS}
            accept=".csv,text/csv"
            required
          />
          {refused && (
            <p role="alert" className="text-sm text-danger">
              {refused}
            </p>
          )}
          <div className="flex flex-wrap gap-3">
            <Button
              type="submit"
              variant={preview ? "outline" : undefined}
              formAction="/applications/import"
              disabled={busy}
            >
              {busy ? "Reading…" : preview ? "Preview again" : "Preview"}
            </Button>
            {preview && preview.problems.length === 0 && (
              <Button type="submit" formAction={CONFIRM_ACTION} disabled={busy}>
                Import {preview.rows.length === 1 ? "1 application" : `${preview.rows.length} applications`}
              </Button>
            )}
          </div>
        </Form>
      )}
      {preview && <ImportPreview preview={preview} />}
    </PortalPage>
  );
}
