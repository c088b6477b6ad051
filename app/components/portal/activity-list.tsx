import type { Link } from "~/domain/links";
import { LinkList } from "../safe-link";
import { LocalDateTime } from "./local-date-time";

export type ActivityEntry = {
  id: string;
  title: string;
  details: string | null;
  links: Link[];
  occurredAt: Date | string;
};

export function ActivityList({ entries, empty }: { entries: readonly ActivityEntry[]; empty: string }) {
  if (entries.length === 0) return <p className="text-muted-foreground">{empty}</p>;
  return (
    <ol className="divide-y divide-border rounded-xl border border-border bg-card">
      {entries.map((entry) => (
        <li key={entry.id} className="px-4 py-3">
          {/* On a phone the time always sits under the title: beside a short one and under a long one,
              the list's times zigzagged. */}
          <div className="flex flex-col sm:flex-row sm:flex-wrap sm:items-baseline sm:justify-between sm:gap-x-4">
            <p className="font-medium">{entry.title}</p>
            <p className="text-sm text-muted-foreground">
              <LocalDateTime value={entry.occurredAt} />
            </p>
          </div>
          {entry.details && <p className="mt-1 text-sm text-muted-foreground">{entry.details}</p>}
          <LinkList links={entry.links} className="mt-1" />
        </li>
      ))}
    </ol>
  );
}
