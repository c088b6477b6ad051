import { useId } from "react";
import { Button } from "~/components/ui/button";
import { NewTabLink } from "~/components/ui/new-tab-link";
import { WHY_PREMIUM_VIDEO } from "~/content/pricing";

/** A native <dialog> opened by `command` (no script); the lazy iframe never makes the page wait. */
export function WhyVideoDialog() {
  const id = `why-video-${useId().replace(/[^a-zA-Z0-9_-]/g, "")}`;
  return (
    <>
      <Button
        type="button"
        variant="outline"
        aria-haspopup="dialog"
        {...{ commandfor: id, command: "show-modal" }}
      >
        {WHY_PREMIUM_VIDEO.buttonText}
      </Button>
      <dialog
        id={id}
        aria-labelledby={`${id}-title`}
        className="m-auto w-[min(92vw,48rem)] flex-col gap-3 rounded-xl border border-border bg-background p-4 text-foreground shadow-xl open:flex backdrop:bg-black/60 sm:p-6"
        {...{ closedby: "any" }}
      >
        <div className="flex items-start justify-between gap-4">
          <h2 id={`${id}-title`} className="text-lg font-semibold">
            {WHY_PREMIUM_VIDEO.title}
          </h2>
          <Button
            type="button"
            variant="outline"
            size="xs"
            weight="normal"
            className="px-2"
            aria-label="Close video"
            {...{ commandfor: id, command: "close" }}
          >
            Close
          </Button>
        </div>
        <p className="text-sm text-muted-foreground">{WHY_PREMIUM_VIDEO.description}</p>
        <div className="aspect-video w-full overflow-hidden rounded-lg bg-muted">
          <iframe
            src={WHY_PREMIUM_VIDEO.embedUrl}
            title={WHY_PREMIUM_VIDEO.title}
            loading="lazy"
            allow="encrypted-media; picture-in-picture; fullscreen"
            referrerPolicy="strict-origin-when-cross-origin"
            className="h-full w-full border-0"
          />
        </div>
        <p className="text-sm text-muted-foreground">
          Video not loading?{" "}
          <NewTabLink
            href={WHY_PREMIUM_VIDEO.watchUrl}
            className="font-medium text-primary underline underline-offset-4"
          >
            Watch it on YouTube
          </NewTabLink>
        </p>
      </dialog>
    </>
  );
}
