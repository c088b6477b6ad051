import { FilesTable, FileUploadForm, SpaceUsed } from "~/components/files/files-ui";
import { EmptyState, PortalPage } from "~/components/portal/portal-page";
import { HeadedSection } from "~/components/ui/headed-section";
import { privateMeta } from "~/lib/seo";
import { currentViewer, permitFor } from "~/server/auth/context.server";
import { getDb } from "~/server/db.server";
import { fileRows, uploadFilesFor } from "~/server/entries/file-routes.server";
import { fileLimits } from "~/server/files/app-store.server";
import { listFiles, usedBytes } from "~/server/models/files.server";
import { modeFor } from "~/server/models/portal-view.server";
import { PORTAL_PAGE, portal, routeAccess } from "~/server/route-access";
import type { Route } from "./+types/files";

export const access = routeAccess({ loader: PORTAL_PAGE, action: portal("files.own") });
// A multipart post here streams to the action unread (app/server/files/upload.server.ts).
export const streamsUploads = true;

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = currentViewer(context);
  const mode = modeFor(viewer, request, false);
  const { maxBytes, quotaBytes } = fileLimits();
  // The demo (a lead) has no files of its own.
  if (mode.kind !== "real") return { mode, files: [], used: 0, maxBytes, quotaBytes };
  const permit = permitFor(context, "files.own");
  const db = await getDb();
  const [files, used] = await Promise.all([
    listFiles(db, permit, viewer.id),
    usedBytes(db, permit, viewer.id),
  ]);
  return {
    mode,
    files: fileRows(files, viewer.id),
    used,
    maxBytes,
    quotaBytes,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const permit = permitFor(context, "files.own");
  return uploadFilesFor(request, permit, permit.actor.id);
}

export const meta = privateMeta("Files", "Your files.");

export default function Files({ loaderData, actionData }: Route.ComponentProps) {
  const { mode, files, used, maxBytes, quotaBytes } = loaderData;
  return (
    <PortalPage
      title="Files"
      mode={mode}
      subtitle={mode.kind === "real" && <SpaceUsed used={used} quota={quotaBytes} />}
    >
      {mode.kind === "real" ? (
        <FileUploadForm action="/files" maxBytes={maxBytes} answer={actionData} heading="Upload a file" />
      ) : (
        <p className="text-sm text-muted-foreground">
          Clients hand their coach a resume or cover letter here, and get the marked-up copy back.
        </p>
      )}
      <HeadedSection id="your-files" title="Your files" titleClassName="mb-3 text-lg font-semibold">
        {files.length === 0 ? (
          <EmptyState>No files yet. Upload your resume and your coach will see it here.</EmptyState>
        ) : (
          <FilesTable
            files={files}
            caption="Your files"
            downloadPath={(id) => `/files/${id}`}
            deletePath={(id) => `/files/${id}`}
            ownerLabel="You"
            coachLabel="Your coach"
          />
        )}
      </HeadedSection>
    </PortalPage>
  );
}
