import { type ComponentType, useEffect, useState } from "react";
import type { ExternalToast, ToasterProps } from "sonner";

// Sonner (docs/product/constants.md: top-right, rich colours) loads on first use: most visits never show a toast.

let resolveMounted: () => void = () => {};
const mounted = new Promise<void>((resolve) => {
  resolveMounted = resolve;
});
let loadHost: (() => void) | null = null;
let wanted = false;

export async function showToast(
  type: "success" | "error",
  title: string,
  options?: ExternalToast,
): Promise<void> {
  wanted = true;
  loadHost?.();
  const { toast } = await import("sonner");
  await mounted;
  toast[type](title, options);
}

export function ToastHost() {
  const [Toaster, setToaster] = useState<ComponentType<ToasterProps> | null>(null);

  useEffect(() => {
    const load = () => {
      void import("sonner").then((module) => setToaster(() => module.Toaster));
    };
    loadHost = load;
    if (wanted) load();
    return () => {
      loadHost = null;
    };
  }, []);

  // The Toaster subscribes in its own, earlier effect.
  useEffect(() => {
    if (Toaster) resolveMounted();
  }, [Toaster]);

  return Toaster ? <Toaster position="top-right" richColors closeButton /> : null;
}
