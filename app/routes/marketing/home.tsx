import { Link } from "react-router";
import { FormEmbed } from "~/components/embeds/form-embed";
import { SchedulerEmbed } from "~/components/embeds/scheduler-embed";
import { htmlFirst, loadAsDocument, noData } from "~/components/html-first";
import { ButtonLink } from "~/components/ui/button";
import { HOME } from "~/content/home";
import { SETTINGS } from "~/content/settings";
import { SOCIAL_LINKS } from "~/content/site";
import { originFrom, seo } from "~/lib/seo";
import { PUBLIC, routeAccess } from "~/server/route-access";
import type { Route } from "./+types/home";

export const access = routeAccess({ loader: PUBLIC });

export const handle = htmlFirst("embed");
export const loader = noData;
export const clientLoader = loadAsDocument;

export function meta({ matches }: Route.MetaArgs) {
  const person = {
    "@context": "https://schema.org",
    "@type": "Person",
    name: SETTINGS.coach.name,
    jobTitle: SETTINGS.coach.jobTitle,
    description: SETTINGS.coach.credentials,
    url: `${originFrom(matches)}/`,
    sameAs: SOCIAL_LINKS.map((link) => link.href),
  };
  return seo(matches, { ...HOME.seo, path: "/", jsonLd: [person] });
}

export default function Home() {
  const { hero, contact } = HOME;
  return (
    <>
      <section className="mx-auto grid max-w-6xl items-start gap-10 px-4 py-16 md:grid-cols-[1.4fr_1fr] md:py-24">
        <div>
          <p className="text-sm font-semibold uppercase tracking-wide text-primary">{hero.tagline}</p>
          <h1 className="mt-3 text-4xl font-bold tracking-tight text-balance sm:text-5xl">{hero.heading}</h1>
          <p className="mt-5 max-w-xl text-lg text-muted-foreground">{hero.description}</p>
          <ul className="mt-6 space-y-3">
            {hero.bullets.map((bullet) => (
              <li key={bullet} className="flex gap-3">
                <span aria-hidden="true" className="font-bold text-success">
                  ✓
                </span>
                <span>{bullet}</span>
              </li>
            ))}
          </ul>
          <div className="mt-8 flex flex-wrap items-center gap-x-6 gap-y-4">
            <ButtonLink to={hero.cta.to} size="lg">
              {hero.cta.label}
            </ButtonLink>
            <p className="flex items-center gap-2 text-sm font-medium">
              <span aria-hidden="true" className="tracking-widest text-primary">
                ★★★★★
              </span>
              <span>{hero.rating}</span>
            </p>
          </div>
        </div>
        <CoachCard />
      </section>

      <section
        id={contact.id}
        aria-labelledby="contact-heading"
        className="mx-auto max-w-6xl scroll-mt-20 px-4 py-12"
      >
        <h2 id="contact-heading" className="text-3xl font-bold tracking-tight">
          {contact.heading}
        </h2>
        <p className="mt-3 max-w-2xl text-muted-foreground">{contact.intro}</p>
        <div className="mt-8 grid gap-6 lg:grid-cols-[2fr_3fr]">
          <FormEmbed
            heading={contact.form.heading}
            description={contact.form.description}
            pageUrl={SETTINGS.contactForm.pageUrl}
            embedUrl={SETTINGS.contactForm.embedUrl}
            frameTitle={contact.form.frameTitle}
            linkLabel={contact.form.linkLabel}
          />
          <SchedulerEmbed
            heading={contact.scheduler.heading}
            description={contact.scheduler.description}
            frameTitle={contact.scheduler.frameTitle}
            linkLabel={contact.scheduler.linkLabel}
          />
        </div>
      </section>
    </>
  );
}

function CoachCard() {
  const { coachCard } = HOME;
  return (
    <div className="rounded-2xl border border-border bg-card p-6 text-card-foreground shadow-sm">
      <div className="flex items-center gap-4">
        <img {...coachCard.portrait} alt="" className="size-20 shrink-0 rounded-full" />
        <div>
          <p className="text-sm text-muted-foreground">{coachCard.label}</p>
          <h2 className="text-xl font-semibold">{SETTINGS.coach.name}</h2>
        </div>
      </div>
      <p className="mt-4 font-medium">{SETTINGS.coach.credentials}</p>
      <ul className="mt-4 space-y-2 text-sm text-muted-foreground">
        {coachCard.highlights.map((item) => (
          <li key={item} className="flex gap-2">
            <span aria-hidden="true">•</span>
            {item}
          </li>
        ))}
      </ul>
      <Link to={coachCard.aboutLink.to} className="mt-5 inline-block font-medium text-primary underline">
        {coachCard.aboutLink.label}
      </Link>
    </div>
  );
}
