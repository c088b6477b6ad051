import { SETTINGS } from "~/content/settings";
import { LazyEmbed } from "./lazy-embed";

export type SchedulerEmbedProps = {
  heading: string;
  description: string;
  /** The booking page; defaults to the intro-call link in settings. */
  link?: string;
  /** Provider query parameters for the calendar's look; defaults to month view, dark theme. */
  view?: Readonly<Record<string, string>>;
  /** Accessible name of the embedded calendar. */
  frameTitle?: string;
  linkLabel?: string;
  height?: number;
};

/** The booking page with its view parameters. SPEC §5: a scheduling embed requires a link, or it fails. */
export function calendarUrl(link: string, view: Readonly<Record<string, string>>): string {
  if (link.trim() === "") throw new Error("a scheduling embed requires a link");
  const url = new URL(link.trim());
  for (const [key, value] of Object.entries(view)) url.searchParams.set(key, value);
  return url.toString();
}

/** The intro-call booking calendar (SPEC §2: month view, dark theme), loaded lazily with a link that always works. */
export function SchedulerEmbed({
  heading,
  description,
  link = SETTINGS.scheduling.link,
  view = SETTINGS.scheduling.view,
  frameTitle = "Book an intro call: scheduling calendar",
  linkLabel = "Open the booking calendar",
  height = 700,
}: SchedulerEmbedProps) {
  const url = calendarUrl(link, view);
  return (
    <LazyEmbed
      heading={heading}
      description={description}
      linkUrl={url}
      linkLabel={linkLabel}
      embedUrl={url}
      frameTitle={frameTitle}
      noun="calendar"
      height={height}
    />
  );
}
