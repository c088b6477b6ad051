import type { ReactNode } from "react";
import { FileField } from "~/components/ui/fields";
import { formatBytes } from "~/lib/files";
import { ACCEPT } from "./files-ui";

// Files attached to a homework hand-in, a review or a lesson, listed where they belong, each a download
// (a document load of /files/:id or /admin/files/:id: the answer is a file, not a page).

export type AttachedFileView = { id: string; name: string; size: number };

export function AttachedFiles({
  files,
  label,
  href,
  className = "mt-2",
}: {
  files: readonly AttachedFileView[];
  label: string;
  href: (id: string) => string;
  className?: string;
}) {
  if (files.length === 0) return null;
  return (
    <div className={className}>
      <p className="font-medium">{label}</p>
      <ul className="mt-1 grid gap-1">
        {files.map((file) => (
          <li key={file.id} className="break-words">
            <a href={href(file.id)} className="text-primary underline-offset-2 hover:underline">
              {file.name}
            </a>{" "}
            <span className="text-muted-foreground">({formatBytes(file.size)})</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * The file input of a form whose files go with its change (a hand-in, a review). It comes last: the server
 * reads the form's fields before its files (app/server/files/upload.server.ts).
 */
export function AttachInput({
  label,
  hint,
  disabled,
}: {
  label: string;
  hint?: ReactNode;
  disabled: boolean;
}) {
  return (
    <FileField name="file" label={label} description={hint} multiple accept={ACCEPT} disabled={disabled} />
  );
}
