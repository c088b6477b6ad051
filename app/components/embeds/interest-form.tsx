import { useRef } from "react";
import { primaryButton } from "~/components/marketing";
import { INTEREST_FORM } from "~/content/next-offer";
import { SETTINGS } from "~/content/settings";
import { useEmbed } from "./use-embed";

/**
 * The Next Offer program's external interest form, embedded once the box is near the screen and shown
 * when it has loaded (see useEmbed). Offline, or when it does not load in time, the link that opens the
 * form in a new tab — always present — is all that shows.
 */
export function InterestForm() {
  const boxRef = useRef<HTMLDivElement>(null);
  const { status, attempt, showFrame, failed, onFrameLoad } = useEmbed(
    boxRef,
    INTEREST_FORM.timeoutMs,
    "200px",
  );
  const ready = status === "ready";

  return (
    <section
      aria-labelledby="interest-form-heading"
      className="flex flex-col rounded-2xl border border-border bg-card p-6"
    >
      <h2 id="interest-form-heading" className="text-xl font-semibold">
        {INTEREST_FORM.heading}
      </h2>
      <p className="mt-2 text-sm text-muted-foreground">{INTEREST_FORM.intro}</p>
      <div
        ref={boxRef}
        className={`relative mt-4 overflow-hidden rounded-xl border border-border bg-background ${
          failed ? "" : "min-h-[28rem]"
        }`}
      >
        {showFrame && (
          <iframe
            key={attempt}
            src={SETTINGS.interestForm.embedUrl}
            title={INTEREST_FORM.frameTitle}
            loading="lazy"
            onLoad={onFrameLoad}
            // Hidden (and out of the tab order) until it has loaded; a late one may still arrive.
            className={ready ? "block h-[28rem] w-full" : "invisible absolute inset-0 h-full w-full"}
          />
        )}
        {!ready && (
          <p
            aria-live="polite"
            className={`p-6 text-center text-sm text-muted-foreground ${
              failed ? "" : "absolute inset-0 flex items-center justify-center"
            }`}
          >
            {failed ? INTEREST_FORM.unavailable : INTEREST_FORM.loading}
          </p>
        )}
      </div>
      <a
        href={SETTINGS.interestForm.pageUrl}
        target="_blank"
        rel="noopener noreferrer"
        className={
          ready
            ? "mt-3 self-start text-sm font-medium text-primary underline underline-offset-4"
            : `${primaryButton} mt-4`
        }
      >
        {INTEREST_FORM.openLabel}
        <span className="sr-only"> (opens in a new tab)</span>
      </a>
    </section>
  );
}
