import { Link } from "react-router";
import { SITE } from "~/content/site";
import type { Route } from "./+types/home";

export function meta(_: Route.MetaArgs) {
  return [
    { title: `${SITE.brand} · Land your next software engineering offer` },
    { name: "description", content: SITE.description },
  ];
}

export default function Home() {
  return (
    <section className="mx-auto grid max-w-6xl gap-10 px-4 py-16 md:grid-cols-[1.4fr_1fr] md:py-24">
      <div>
        <p className="text-sm font-semibold uppercase tracking-wide text-primary">{SITE.tagline}</p>
        <h1 className="mt-3 text-4xl font-bold tracking-tight sm:text-5xl">
          Land your next offer with a coach who has sat on the other side of the table.
        </h1>
        <p className="mt-5 max-w-xl text-lg text-muted-foreground">{SITE.description}</p>
        <ul className="mt-6 space-y-2 text-muted-foreground">
          <li>✓ Mock interviews scored the way hiring committees score them</li>
          <li>✓ A resume and LinkedIn that get past the first screen</li>
          <li>✓ A weekly plan that fits around classes or a full-time job</li>
        </ul>
        <div className="mt-8 flex flex-wrap items-center gap-4">
          <Link
            to="/pricing"
            className="rounded-md bg-primary px-5 py-2.5 font-semibold text-primary-foreground"
          >
            See plans and pricing
          </Link>
          <span className="text-sm text-muted-foreground">Coached 115+ aspiring SWEs</span>
        </div>
      </div>
      <aside aria-label="Your coach" className="rounded-2xl border border-border bg-card p-6">
        <p className="text-sm text-muted-foreground">Your coach</p>
        <p className="mt-1 text-xl font-semibold">Former big-tech interviewer</p>
        <p className="mt-3 text-sm text-muted-foreground">
          200+ technical interviews conducted, 40+ hiring packets reviewed on a hiring committee, and 50+
          workshops delivered to student clubs.
        </p>
      </aside>
    </section>
  );
}
