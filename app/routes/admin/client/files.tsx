import { FilesTable, FileUploadForm } from "~/components/files/files-ui";
import { type ClientData, Section } from "./section";

/** The client's files (metadata only) with download links, and the coach's upload into them. */
export function FilesSection({ data }: { data: ClientData }) {
  const { person, files } = data;
  const owner = person.fullName || person.email;
  return (
    <Section id="files" title="Files">
      <div className="grid gap-6">
        {files.list.length === 0 ? (
          <p className="text-muted-foreground">No files yet.</p>
        ) : (
          <FilesTable
            files={files.list}
            caption={`${owner}'s files`}
            downloadPath={(id) => `/admin/files/${id}`}
            deletePath={(id) => `/admin/files/${id}`}
            confirmDelete
            ownerLabel={owner}
            coachLabel="Coach"
          />
        )}
        <FileUploadForm
          action={`/admin/clients/${person.id}/files`}
          maxBytes={files.maxBytes}
          defaultKind="other"
          heading={`Upload to ${owner}'s files`}
        />
      </div>
    </Section>
  );
}
