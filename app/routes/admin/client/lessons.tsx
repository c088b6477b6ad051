import { Link } from "react-router";
import { LocalDateTime } from "~/components/portal/local-date-time";
import { type ClientData, Section } from "./section";

// Add Lesson starts with this client chosen (`?client=`).

export function LessonsSection({ data }: { data: ClientData }) {
  return (
    <Section id="lessons" title="Lessons">
      {data.may.lessons && (
        <p className="mb-3">
          <Link
            to={`/admin/lessons/new?${new URLSearchParams({ client: data.person.id })}`}
            className="text-sm font-medium text-primary underline underline-offset-2"
          >
            Add Lesson
          </Link>
        </p>
      )}
      {data.lessons.length === 0 ? (
        <p className="text-muted-foreground">No lessons yet.</p>
      ) : (
        <ul className="divide-y divide-border rounded-xl border border-border bg-card">
          {data.lessons.map((lesson) => (
            <li key={lesson.id} className="flex flex-wrap items-center justify-between gap-2 px-4 py-3">
              <span className="min-w-0">
                <span className="block font-medium">{lesson.title}</span>
                <span className="block whitespace-nowrap text-sm text-muted-foreground">
                  <LocalDateTime value={lesson.occurredAt} />
                </span>
              </span>
              {data.may.lessons && (
                <Link
                  to={`/admin/lessons/${lesson.id}`}
                  className="text-sm underline"
                  aria-label={`Edit ${lesson.title}`}
                >
                  Edit
                </Link>
              )}
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}
