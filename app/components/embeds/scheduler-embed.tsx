import { SETTINGS } from "~/content/settings";
import { LazyEmbed } from "./lazy-embed";

export type SchedulerEmbedProps = {
  heading: string;
  description: string;
  link?: string;
  view?: Readonly<Record<string, string>>;
  frameTitle?: string;
  linkLabel?: string;
  height?: number;
};

/** docs/product/validation.md: a scheduling embed requires a link, or it fails. */
export function calendarUrl(link: string, view: Readonly<Record<string, string>>): string {
  if (link.trim() === "") throw new Error("a scheduling embed requires a link");
  const url = new URL(link.trim());
  for (const [key, value] of Object.entries(view)) url.searchParams.set(key, value);
  return url.toString();
}

/** docs/product/screens.md, Home: month view, dark theme. */
export function SchedulerEmbed({
  link = SETTINGS.scheduling.link,
  view = SETTINGS.scheduling.view,
  frameTitle = "Book an intro call: scheduling calendar",
  linkLabel = "Open the booking calendar",
  height = 700,
  ...text
}: SchedulerEmbedProps) {
  const url = calendarUrl(link, view);
  const frame = { frameTitle, linkLabel, height, linkUrl: url, embedUrl: url };
  return <LazyEmbed {...text} {...frame} noun="calendar" />;
}
