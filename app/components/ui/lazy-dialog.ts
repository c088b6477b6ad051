import { useRef, useState } from "react";
import { useLazyModule } from "./lazy";

const loadDialog = () => import("@radix-ui/react-dialog");

/**
 * A Radix dialog whose code loads on intent to open it — the pointer over, or focus on, its button — or
 * on the press itself, so a page that never opens it never downloads it. The button is ours, rendered
 * from the first byte (so it keeps focus while the code arrives), and gets focus back when the dialog
 * closes. Render `Dialog.Root` (controlled by `open`) once `Dialog` is there; it has no `Dialog.Trigger`.
 */
export function useLazyDialog() {
  const [open, setOpen] = useState(false);
  const [Dialog, load] = useLazyModule(loadDialog);
  const trigger = useRef<HTMLButtonElement>(null);

  // Expanded once the dialog is really there, not while its code is on the way.
  const expanded = open && Dialog !== null;
  const triggerProps = {
    ref: trigger,
    type: "button",
    "aria-haspopup": "dialog",
    "aria-expanded": expanded,
    "data-state": expanded ? "open" : "closed",
    onPointerEnter: () => void load(),
    onFocus: () => void load(),
    // Opens as soon as the code has arrived; if it cannot (offline), stays closed for a later press.
    onClick: () => {
      setOpen(true);
      void load().then((module) => {
        if (!module) setOpen(false);
      });
    },
  } as const;

  /** For `Dialog.Content`: Radix would return focus to its own trigger, and ours is outside the dialog. */
  const onCloseAutoFocus = (event: Event) => {
    event.preventDefault();
    trigger.current?.focus();
  };

  return { Dialog, open, setOpen, triggerProps, onCloseAutoFocus };
}
