import { type FormEvent, useId, useRef, useState } from "react";
import { UNSAFE_decodeViaTurboStream as decodeAnswer, Form, useRevalidator } from "react-router";
import { LocalDateTime } from "~/components/portal/local-date-time";
import { Button } from "~/components/ui/button";
import { ColumnHeaders } from "~/components/ui/column-headers";
import { FileField, SelectField } from "~/components/ui/fields";
import {
  ACCEPTED_FILE_TYPES,
  FILE_KIND_LABELS,
  FILE_KINDS,
  type FileKind,
  fileTooLargeMessage,
  formatBytes,
} from "~/lib/files";

// The Files list and upload form, shared by the portal's /files and the admin's client page
// (docs/decisions/0043-file-storage.md, "Routes"). The form is a plain multipart form without JavaScript;
// with it, the upload goes by XMLHttpRequest so its progress can be shown.

export type FileRowView = {
  id: string;
  name: string;
  kind: FileKind;
  size: number;
  createdAt: Date | string;
  /** Its owner added it, or the coach. */
  addedBy: "owner" | "coach";
  /** The viewer may delete it. */
  removable: boolean;
};

/** What a file input offers: the accepted types and their extensions. */
export const ACCEPT = [
  ...Object.keys(ACCEPTED_FILE_TYPES),
  ...Object.values(ACCEPTED_FILE_TYPES).map((type) => `.${type.extension}`),
  ".jpeg",
].join(",");

export type UploadAnswer = { ok: boolean; error?: string | null; value?: unknown };

/** What the form shows after an answer: the server's words, or ours when the upload could not finish. */
const UPLOAD_FAILED = "The upload did not finish. Please try again.";

export function FileUploadForm({
  action,
  maxBytes,
  answer,
  defaultKind = "resume",
  heading,
}: {
  /** The upload route's path. */
  action: string;
  maxBytes: number;
  /** The action's answer to a plain (no JavaScript) post. */
  answer?: UploadAnswer | null;
  defaultKind?: FileKind;
  heading: string;
}) {
  const id = useId();
  const revalidator = useRevalidator();
  const formRef = useRef<HTMLFormElement>(null);
  const [progress, setProgress] = useState<{ sent: number; total: number } | null>(null);
  const [result, setResult] = useState<UploadAnswer | null>(null);
  const shown = result ?? answer ?? null;
  const uploading = progress !== null;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const form = event.currentTarget;
    event.preventDefault();
    const chosen = (form.elements.namedItem("file") as HTMLInputElement | null)?.files;
    if (!chosen || chosen.length === 0) return setResult({ ok: false, error: "Choose a file to upload." });
    const tooLarge = [...chosen].find((file) => file.size > maxBytes);
    if (tooLarge) return setResult({ ok: false, error: fileTooLargeMessage(maxBytes) });
    const body = new FormData(form);
    const request = new XMLHttpRequest();
    // The same route's `.data` twin, as React Router's own submissions use.
    request.open("POST", `${action}.data`);
    request.responseType = "arraybuffer";
    request.upload.onprogress = (e) => setProgress({ sent: e.loaded, total: e.total });
    request.onerror = () => finish({ ok: false, error: UPLOAD_FAILED });
    request.onload = async () => {
      const answer = await readAnswer(request.response as ArrayBuffer);
      finish(answer ?? { ok: false, error: UPLOAD_FAILED });
    };
    setResult(null);
    setProgress({ sent: 0, total: [...chosen].reduce((sum, file) => sum + file.size, 0) });
    request.send(body);
  }

  function finish(answer: UploadAnswer) {
    setProgress(null);
    setResult(answer);
    if (answer.ok) {
      formRef.current?.reset();
      void revalidator.revalidate();
    }
  }

  const percent = progress && progress.total > 0 ? Math.round((100 * progress.sent) / progress.total) : 0;
  return (
    <Form
      ref={formRef}
      method="post"
      action={action}
      encType="multipart/form-data"
      onSubmit={onSubmit}
      aria-labelledby={`${id}-heading`}
      className="grid gap-3 rounded-xl border border-border bg-card p-4 sm:p-5"
    >
      <h2 id={`${id}-heading`} className="text-lg font-semibold">
        {heading}
      </h2>
      {/* Before the file: the server reads the fields that come before a file to know what it is. */}
      <SelectField
        name="kind"
        label="What is it?"
        defaultValue={defaultKind}
        disabled={uploading}
        options={FILE_KINDS.map((kind) => [kind, FILE_KIND_LABELS[kind]] as const)}
        className="sm:max-w-xs"
      />
      {/* The input is the drop zone: a browser drops files onto it with or without JavaScript. */}
      <FileField
        name="file"
        label="File"
        description={`Drop files here or choose them: PDF, Word (DOCX), PNG or JPEG, up to ${formatBytes(maxBytes)} each.`}
        multiple
        accept={ACCEPT}
        disabled={uploading}
        inputClassName="w-full min-w-0 rounded-lg border-2 border-dashed border-border bg-background px-3 py-6 text-sm file:mr-3 file:rounded-md file:border-0 file:bg-muted file:px-3 file:py-1.5 file:font-medium"
      />
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={uploading}>
          {uploading ? "Uploading…" : "Upload"}
        </Button>
        {progress && (
          <span className="flex items-center gap-2 text-sm">
            <progress max={100} value={percent} aria-label="Upload progress" className="w-40" />
            <span role="status">{percent}%</span>
          </span>
        )}
      </div>
      {shown && !uploading && (
        <p
          role={shown.ok ? "status" : "alert"}
          className={`text-sm ${shown.ok ? "text-success" : "text-danger"}`}
        >
          {shown.ok ? "Uploaded." : shown.error}
        </p>
      )}
    </Form>
  );
}

/** The action's answer from its `.data` form (React Router's encoding), or null if it is not one. */
async function readAnswer(bytes: ArrayBuffer): Promise<UploadAnswer | null> {
  try {
    const body = new Response(bytes).body;
    if (!body) return null;
    const decoded = (await decodeAnswer(body, window)).value as { data?: unknown } | null;
    const data = decoded?.data as UploadAnswer | undefined;
    return data && typeof data.ok === "boolean" ? data : null;
  } catch {
    return null;
  }
}

export function FilesTable({
  files,
  downloadPath,
  deletePath,
  confirmDelete = false,
  ownerLabel,
  coachLabel,
  caption,
}: {
  files: FileRowView[];
  downloadPath: (id: string) => string;
  /** Where a delete posts; none: no delete buttons. */
  deletePath?: (id: string) => string;
  /** Ask first (the coach deleting a client's file): a disclosure, so it works without JavaScript. */
  confirmDelete?: boolean;
  /** How the owner is named in "Added by": "You", or the client's name. */
  ownerLabel: string;
  /** How a file the coach added is named: "Your coach", "Coach". */
  coachLabel: string;
  caption: string;
}) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full min-w-0 text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <ColumnHeaders
          className="text-muted-foreground"
          cellClassName="py-2 pr-3 font-medium"
          labels={[
            "Name",
            "Kind",
            { label: "Size", className: "hidden sm:table-cell" },
            { label: "Added", className: "hidden sm:table-cell" },
            "By",
            ...(deletePath ? [{ label: "Delete", srOnly: true }] : []),
          ]}
        />
        <tbody>
          {files.map((file) => (
            <tr key={file.id} className="border-t border-border align-top">
              <td className="max-w-[12rem] break-words py-2 pr-3 sm:max-w-md">
                {/* A document load, never the client router: the answer is a file. */}
                <a
                  href={downloadPath(file.id)}
                  className="font-medium text-primary underline-offset-2 hover:underline"
                >
                  {file.name}
                </a>
                <span className="block text-xs text-muted-foreground sm:hidden">
                  {formatBytes(file.size)} · <LocalDateTime value={file.createdAt} dateOnly />
                </span>
              </td>
              <td className="py-2 pr-3">{FILE_KIND_LABELS[file.kind]}</td>
              <td className="hidden py-2 pr-3 sm:table-cell">{formatBytes(file.size)}</td>
              <td className="hidden py-2 pr-3 sm:table-cell">
                <LocalDateTime value={file.createdAt} dateOnly />
              </td>
              <td className="py-2 pr-3">{file.addedBy === "owner" ? ownerLabel : coachLabel}</td>
              {deletePath && (
                <td className="py-2">
                  {file.removable &&
                    (confirmDelete ? (
                      <details>
                        <summary className="cursor-pointer text-danger" aria-label={`Delete ${file.name}`}>
                          Delete
                        </summary>
                        <form method="post" action={deletePath(file.id)} className="mt-2 grid gap-2">
                          <p className="text-xs">Delete “{file.name}” for good? The client loses it too.</p>
                          <Button type="submit" variant="danger" size="xs">
                            Yes, delete
                          </Button>
                        </form>
                      </details>
                    ) : (
                      <form method="post" action={deletePath(file.id)}>
                        <Button
                          type="submit"
                          variant="danger-outline"
                          size="xs"
                          aria-label={`Delete ${file.name}`}
                        >
                          Delete
                        </Button>
                      </form>
                    ))}
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function SpaceUsed({ used, quota }: { used: number; quota: number }) {
  const percent = quota > 0 ? Math.min(100, Math.round((100 * used) / quota)) : 0;
  return (
    // Phrasing content only: it may sit in a paragraph (the portal page's subtitle).
    <span className="inline-flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
      <span>
        {formatBytes(used)} of {formatBytes(quota)} used
      </span>
      <progress max={100} value={percent} aria-hidden="true" className="w-32" />
    </span>
  );
}
