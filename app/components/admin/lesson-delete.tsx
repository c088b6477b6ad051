import * as Dialog from "@radix-ui/react-dialog";
import { useRef, useState } from "react";
import { Form, useNavigation } from "react-router";
import { Button, ButtonLink, buttonClass } from "~/components/ui/button";

// Without JavaScript the button is a GET to `?confirm=delete` and the page asks the same question inline.

function ConfirmForm({ deleting }: { deleting: boolean }) {
  return (
    <Form method="post" className="inline">
      <input type="hidden" name="intent" value="delete" />
      <Button type="submit" variant="danger" size="body" disabled={deleting}>
        {deleting ? "Deleting…" : "Yes, delete"}
      </Button>
    </Form>
  );
}

export function LessonDelete({
  title,
  confirming,
  error,
}: {
  title: string;
  confirming: boolean;
  error: string | null;
}) {
  const [open, setOpen] = useState(false);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const navigation = useNavigation();
  const deleting = navigation.state !== "idle" && navigation.formData?.get("intent") === "delete";
  const question = "Delete this lesson?";
  const consequence = `“${title}” will be removed from the client's lessons. This can't be undone.`;

  return (
    <section
      aria-labelledby="delete-lesson-heading"
      className="rounded-xl border border-danger/50 p-4 sm:p-6"
    >
      <h2 id="delete-lesson-heading" className="text-lg font-semibold">
        Delete lesson
      </h2>
      {confirming ? (
        <div className="mt-3 grid gap-3">
          <p className="font-medium">{question}</p>
          <p className="text-sm text-muted-foreground">{consequence}</p>
          <div className="flex flex-wrap gap-3">
            <ConfirmForm deleting={deleting} />
            <ButtonLink to="." replace variant="outline" size="body">
              Cancel
            </ButtonLink>
          </div>
        </div>
      ) : (
        <>
          <p className="mt-1 text-sm text-muted-foreground">Removes it from the client's lessons for good.</p>
          <Form method="get" className="mt-3">
            <Button
              type="submit"
              variant="danger-outline"
              size="body"
              name="confirm"
              value="delete"
              onClick={(event) => {
                event.preventDefault();
                setOpen(true);
              }}
            >
              Delete lesson
            </Button>
          </Form>
          <Dialog.Root open={open} onOpenChange={setOpen}>
            <Dialog.Portal>
              <Dialog.Overlay className="fixed inset-0 z-50 bg-black/60" />
              <Dialog.Content
                role="alertdialog"
                onOpenAutoFocus={(event) => {
                  // The safe choice takes focus first.
                  event.preventDefault();
                  cancelRef.current?.focus();
                }}
                className="fixed top-1/2 left-1/2 z-50 grid w-[min(92vw,28rem)] -translate-x-1/2 -translate-y-1/2 gap-3 rounded-xl border border-border bg-background p-5 shadow-xl"
              >
                <Dialog.Title className="text-lg font-semibold">{question}</Dialog.Title>
                <Dialog.Description className="text-sm text-muted-foreground">
                  {consequence}
                </Dialog.Description>
                <div className="mt-2 flex flex-wrap justify-end gap-3">
                  <Dialog.Close ref={cancelRef} className={buttonClass({ variant: "outline", size: "body" })}>
                    Cancel
                  </Dialog.Close>
                  <ConfirmForm deleting={deleting} />
                </div>
              </Dialog.Content>
            </Dialog.Portal>
          </Dialog.Root>
        </>
      )}
      {error && (
        <p role="alert" className="mt-3 text-danger">
          {error}
        </p>
      )}
    </section>
  );
}
