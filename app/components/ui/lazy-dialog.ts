import { useRef, useState } from "react";
import { useLazyModule } from "./lazy";

const loadDialog = () => import("@radix-ui/react-dialog");

/**
 * A Radix dialog whose code loads on intent to open it. The button is ours, from the first byte, so it
 * keeps focus while the code arrives; render `Dialog.Root` once `Dialog` is there.
 */
export function useLazyDialog() {
  const [open, setOpen] = useState(false);
  const [Dialog, load] = useLazyModule(loadDialog);
  const trigger = useRef<HTMLButtonElement>(null);

  const expanded = open && Dialog !== null;
  const triggerProps = {
    ref: trigger,
    type: "button",
    "aria-haspopup": "dialog",
    "aria-expanded": expanded,
    "data-state": expanded ? "open" : "closed",
    onPointerEnter: () => void load(),
    onFocus: () => void load(),
    // If the code cannot arrive (offline), stays closed for a later press.
    onClick: () => {
      setOpen(true);
      void load().then((module) => {
        if (!module) setOpen(false);
      });
    },
  } as const;

  /** Radix would return focus to its own trigger; ours is outside the dialog. */
  const onCloseAutoFocus = (event: Event) => {
    event.preventDefault();
    trigger.current?.focus();
  };

  return { Dialog, open, setOpen, triggerProps, onCloseAutoFocus };
}
