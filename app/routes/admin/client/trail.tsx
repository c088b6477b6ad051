import { LocalDateTime } from "~/components/portal/local-date-time";
import { auditActionLabel, systemActorLabel } from "~/domain/audit-actions";
import { type ClientData, Section } from "./section";

function describeChange(
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
): string {
  const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  return keys
    .map((key) => {
      const from = before?.[key];
      const to = after?.[key];
      const show = (v: unknown) =>
        v === undefined || v === null ? "—" : typeof v === "string" ? v : JSON.stringify(v);
      return before && after ? `${key}: ${show(from)} → ${show(to)}` : `${key}: ${show(to ?? from)}`;
    })
    .join("; ");
}

export function Trail({ data }: { data: ClientData }) {
  return (
    <Section id="trail" title="Audit trail">
      {data.trail.length === 0 ? (
        <p className="text-muted-foreground">No changes recorded yet.</p>
      ) : (
        <ol className="divide-y divide-border rounded-xl border border-border bg-card text-sm">
          {data.trail.map((event) => (
            <li key={event.id} className="grid gap-1 px-4 py-2 sm:grid-cols-[12rem_1fr_auto]">
              <span className="font-medium">{auditActionLabel(event.action)}</span>
              {/* wrap-anywhere, not break-words: a long value (an agreement's SHA-256) may then narrow the grid on a phone. */}
              <span className="wrap-anywhere text-muted-foreground">
                {describeChange(event.before, event.after)}
              </span>
              <span className="text-muted-foreground">
                {event.actorName ?? event.actorEmail ?? systemActorLabel(event.after?.via) ?? "someone"} ·{" "}
                <LocalDateTime value={event.createdAt} />
              </span>
            </li>
          ))}
        </ol>
      )}
    </Section>
  );
}
