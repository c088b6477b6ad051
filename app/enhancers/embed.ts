// The HTML-first embeds (docs/decisions/0019-marketing-javascript.md; markup contract in
// app/components/embeds/embed-frame.tsx): the iframe comes near the screen, offline gets the note at once.

type Status = "idle" | "loading" | "ready" | "offline" | "slow";

function setUp(area: HTMLElement): void {
  const card = area.closest<HTMLElement>("[data-embed-status]");
  const { embedSrc, embedTitle, embedTimeout, embedMargin, embedFrameClass, embedSandbox } = area.dataset;
  if (!card || !embedSrc) return;
  let status: Status = "idle";
  let frame: HTMLIFrameElement | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const show = (next: Status) => {
    status = next;
    card.dataset.embedStatus = next === "offline" || next === "slow" ? "failed" : next;
    clearTimeout(timer);
    if (next === "loading") timer = setTimeout(() => show("slow"), Number(embedTimeout ?? 8000));
    if (next === "offline") frame?.remove();
  };

  const start = () => {
    frame?.remove();
    frame = null;
    if (!navigator.onLine) {
      show("offline");
      return;
    }
    const next = document.createElement("iframe");
    next.src = embedSrc;
    next.title = embedTitle ?? "";
    next.loading = "lazy";
    next.referrerPolicy = "strict-origin-when-cross-origin";
    if (embedSandbox) next.setAttribute("sandbox", embedSandbox);
    next.className = embedFrameClass ?? "";
    next.addEventListener("load", () => {
      if (frame === next && (status === "loading" || status === "slow")) show("ready");
    });
    frame = next;
    show("loading");
    area.prepend(next);
  };

  window.addEventListener("offline", () => {
    if (status === "loading") show("offline");
  });
  window.addEventListener("online", () => {
    if (status === "offline") start();
  });
  card.querySelector("[data-embed-retry]")?.addEventListener("click", start);

  if (typeof IntersectionObserver === "undefined") {
    start();
    return;
  }
  const observer = new IntersectionObserver(
    (entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      start();
    },
    { rootMargin: embedMargin ?? "200px 0px" },
  );
  observer.observe(area);
}

for (const area of document.querySelectorAll<HTMLElement>("[data-embed]")) setUp(area);

export {};
