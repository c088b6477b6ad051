import { WHY_PREMIUM_VIDEO } from "~/content/pricing";
import { useLazyDialog } from "../ui/lazy-dialog";

/**
 * 'Watch why Premium': a modal with the video. The iframe exists only while the dialog is open (and is
 * lazy), so the page never waits on the video host; the link below it works when the embed cannot load.
 */
export function WhyVideoDialog() {
  // The dialog's code loads on intent to open it, so the pricing page's first download never carries it.
  const { Dialog, open, setOpen, triggerProps, onCloseAutoFocus } = useLazyDialog();

  return (
    <>
      <button
        {...triggerProps}
        className="rounded-md border border-border px-4 py-2 text-sm font-medium hover:bg-muted"
      >
        {WHY_PREMIUM_VIDEO.buttonText}
      </button>
      {Dialog ? (
        <Dialog.Root open={open} onOpenChange={setOpen}>
          <Dialog.Portal>
            <Dialog.Overlay className="fixed inset-0 z-50 bg-black/60" />
            <Dialog.Content
              className="fixed top-1/2 left-1/2 z-50 flex w-[min(92vw,48rem)] -translate-x-1/2 -translate-y-1/2 flex-col gap-3 rounded-xl border border-border bg-background p-4 shadow-xl sm:p-6"
              onCloseAutoFocus={onCloseAutoFocus}
            >
              <div className="flex items-start justify-between gap-4">
                <Dialog.Title className="text-lg font-semibold">{WHY_PREMIUM_VIDEO.title}</Dialog.Title>
                <Dialog.Close
                  className="rounded-md border border-border px-2 py-1 text-sm"
                  aria-label="Close video"
                >
                  Close
                </Dialog.Close>
              </div>
              <Dialog.Description className="text-sm text-muted-foreground">
                {WHY_PREMIUM_VIDEO.description}
              </Dialog.Description>
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
                <a
                  href={WHY_PREMIUM_VIDEO.watchUrl}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="font-medium text-primary underline underline-offset-4"
                >
                  Watch it on YouTube<span className="sr-only"> (opens in a new tab)</span>
                </a>
              </p>
            </Dialog.Content>
          </Dialog.Portal>
        </Dialog.Root>
      ) : null}
    </>
  );
}
