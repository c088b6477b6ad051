import { LocalDateTime } from "~/components/portal/local-date-time";
import { SelectField } from "~/components/ui/fields";
import { FilterForm } from "~/components/ui/filter-form";
import { HeadedSection } from "~/components/ui/headed-section";
import type { agreementAdminView } from "~/server/models/agreement.server";
import { AgreementText } from "./agreement-text";

// The admin page's record of the agreement (docs/decisions/0047-coaching-agreement.md): every version
// with its hash and count, and who accepted which, with the evidence kept.

type View = Awaited<ReturnType<typeof agreementAdminView>>;
type Dated<T> = { [K in keyof T]: T[K] extends Date ? Date | string : T[K] };
type Version = Dated<View["versions"][number]>;
type Acceptance = Dated<View["acceptances"][number]>;

const boxClass = "rounded-xl border border-border p-4";

export function AgreementVersions({ versions }: { versions: readonly Version[] }) {
  return (
    <HeadedSection id="versions-title" title="Versions" className="mt-10">
      {versions.length === 0 ? (
        <p className="mt-2 text-sm text-muted-foreground">No versions yet.</p>
      ) : (
        <ul className="mt-3 grid gap-2 text-sm">
          {versions.map((v) => (
            <li key={v.version} className={boxClass}>
              <p>
                <span className="font-medium">Version {v.version}</span> ·{" "}
                <LocalDateTime value={v.createdAt} />
                {v.createdBy ? ` · by ${v.createdBy}` : ""} ·{" "}
                {v.requiresAcceptance ? "everyone accepts it" : "no new acceptance asked"} ·{" "}
                <a
                  className="inline-block py-0.5 underline"
                  href={`/admin/agreement?version=${v.version}#acceptances-title`}
                >
                  accepted by {v.accepted}
                </a>
              </p>
              <details className="mt-1">
                <summary className="cursor-pointer py-1">Read version {v.version}</summary>
                <p className="mt-2 font-mono text-xs break-all text-muted-foreground">
                  SHA-256 {v.bodySha256}
                </p>
                <div className="mt-2">
                  <AgreementText body={v.body} topLevel={3} />
                </div>
              </details>
            </li>
          ))}
        </ul>
      )}
    </HeadedSection>
  );
}

export function AgreementAcceptances({
  versions,
  acceptances,
  filter,
}: {
  versions: readonly Version[];
  acceptances: readonly Acceptance[];
  filter: number | null;
}) {
  return (
    <HeadedSection
      id="acceptances-title"
      title={filter === null ? "Acceptances" : `Acceptances of version ${filter}`}
      className="mt-10"
    >
      <FilterForm submit="Show" className="mt-3 flex flex-wrap items-end gap-2 text-sm">
        <SelectField
          name="version"
          label="Version"
          defaultValue={filter ?? ""}
          compact
          options={[
            ["", "All versions"],
            ...versions.map((v) => [v.version, `Version ${v.version} (${v.accepted})`] as const),
          ]}
        />
      </FilterForm>
      {acceptances.length === 0 ? (
        <p className="mt-3 text-sm text-muted-foreground">No one has accepted yet.</p>
      ) : (
        <div className="mt-3 overflow-x-auto">
          <table className="stacked-table w-full text-left text-sm">
            <thead>
              <tr className="border-b border-border">
                <th className="py-2 pr-3">Name typed</th>
                <th className="py-2 pr-3">Client</th>
                <th className="py-2 pr-3">Version</th>
                <th className="py-2 pr-3">Accepted</th>
                <th className="py-2 pr-3">Address</th>
                <th className="py-2">Browser</th>
              </tr>
            </thead>
            <tbody>
              {acceptances.map((a) => (
                <tr key={a.id} className="border-b border-border align-top">
                  <td className="py-2 pr-3 break-words" data-label="Name typed">
                    {a.fullName}
                  </td>
                  <td className="py-2 pr-3" data-label="Client">
                    <a className="underline" href={`/admin/clients/${a.profileId}`}>
                      {a.email}
                    </a>
                  </td>
                  <td className="py-2 pr-3" data-label="Version">
                    {a.version}
                  </td>
                  <td className="py-2 pr-3" data-label="Accepted">
                    <LocalDateTime value={a.acceptedAt} />
                  </td>
                  <td className="py-2 pr-3 font-mono text-xs" data-label="Address">
                    {a.ipAddress ?? "—"}
                  </td>
                  <td className="py-2 text-xs break-words text-muted-foreground" data-label="Browser">
                    {a.userAgent ?? "—"}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </HeadedSection>
  );
}
