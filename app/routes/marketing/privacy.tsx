import { htmlFirst, loadAsDocument, noData } from "~/components/html-first";
import { PRIVACY } from "~/content/privacy";
import { SETTINGS } from "~/content/settings";
import { pageMeta } from "~/lib/seo";
import { PUBLIC, routeAccess } from "~/server/route-access";

export const access = routeAccess({ loader: PUBLIC });

export const handle = htmlFirst();
export const loader = noData;
export const clientLoader = loadAsDocument;

export const meta = pageMeta({ ...PRIVACY.seo, path: "/privacy" });

export default function Privacy() {
  return (
    <article className="mx-auto max-w-3xl px-4 py-16 md:py-24">
      <h1 className="text-4xl font-bold tracking-tight sm:text-5xl">{PRIVACY.heading}</h1>
      <p className="mt-3 text-sm text-muted-foreground">
        Last updated <time dateTime={PRIVACY.lastUpdated.iso}>{PRIVACY.lastUpdated.text}</time>
      </p>
      <p className="mt-6 text-lg">{PRIVACY.intro}</p>
      {PRIVACY.sections.map((section) => (
        <section key={section.id} aria-labelledby={`privacy-${section.id}`} className="mt-10">
          <h2 id={`privacy-${section.id}`} className="text-2xl font-semibold">
            {section.heading}
          </h2>
          {section.paragraphs.map((paragraph) => (
            <p key={paragraph} className="mt-3 leading-relaxed text-muted-foreground">
              <WithEmailLinks text={paragraph} />
            </p>
          ))}
        </section>
      ))}
    </article>
  );
}

function WithEmailLinks({ text }: { text: string }) {
  const { email } = SETTINGS.operator;
  const parts = text.split("{email}");
  return parts.map((part, index) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: parts of one fixed sentence never reorder
    <span key={index}>
      {part}
      {index < parts.length - 1 ? (
        <a href={`mailto:${email}`} className="font-medium text-primary underline">
          {email}
        </a>
      ) : null}
    </span>
  ));
}
