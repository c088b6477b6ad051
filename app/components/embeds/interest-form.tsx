import { ButtonAnchor } from "~/components/ui/button";
import { NEW_TAB, NewTabNote } from "~/components/ui/new-tab-link";
import { INTEREST_FORM } from "~/content/next-offer";
import { SETTINGS } from "~/content/settings";
import { EmbedArea, SHOWN_WHEN, UNTIL_READY } from "./embed-frame";

/** Offline, or when it does not load in time, the always-present link is all that shows. */
export function InterestForm() {
  return (
    <section
      aria-labelledby="interest-form-heading"
      className="group/embed flex flex-col rounded-2xl border border-border bg-card p-6"
      data-embed-status="idle"
    >
      <h2 id="interest-form-heading" className="text-xl font-semibold">
        {INTEREST_FORM.heading}
      </h2>
      <p className="mt-2 text-sm text-muted-foreground">{INTEREST_FORM.intro}</p>
      <EmbedArea
        src={SETTINGS.interestForm.embedUrl}
        title={INTEREST_FORM.frameTitle}
        timeoutMs={INTEREST_FORM.timeoutMs}
        margin="200px"
        // A late one may still arrive.
        frameClass="invisible absolute inset-0 h-full w-full group-data-[embed-status=ready]/embed:visible group-data-[embed-status=ready]/embed:static group-data-[embed-status=ready]/embed:block group-data-[embed-status=ready]/embed:h-[28rem]"
        className="relative mt-4 min-h-[28rem] overflow-hidden rounded-xl border border-border bg-background group-data-[embed-status=failed]/embed:min-h-0 no-script:hidden"
      >
        <p
          aria-live="polite"
          className={`p-6 text-center text-sm text-muted-foreground ${UNTIL_READY} absolute inset-0 flex items-center justify-center group-data-[embed-status=failed]/embed:static group-data-[embed-status=failed]/embed:block`}
        >
          <span className="group-data-[embed-status=failed]/embed:hidden">{INTEREST_FORM.loading}</span>
          <span className={SHOWN_WHEN.failed}>{INTEREST_FORM.unavailable}</span>
        </p>
      </EmbedArea>
      <ButtonAnchor href={SETTINGS.interestForm.pageUrl} {...NEW_TAB} size="lg" className="mt-4 self-start">
        {INTEREST_FORM.openLabel}
        <NewTabNote />
      </ButtonAnchor>
    </section>
  );
}
