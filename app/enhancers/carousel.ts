// The HTML-first carousel (markup in app/components/carousel.tsx): loops by CSS `order`, and rotates only
// near the screen, unhovered, unfocused, unpaused and without reduced motion.

const MOVE = "transform 350ms ease";
const NEAR = "200px 0px";

type Direction = "previous" | "next";

function setUp(root: HTMLElement): void {
  const viewport = root.querySelector<HTMLElement>("[data-carousel-viewport]");
  const track = root.querySelector<HTMLElement>("[data-carousel-track]");
  if (!viewport || !track) return;
  const slides = [...track.children] as HTMLElement[];
  const count = slides.length;
  const autoplayMs = Number(root.dataset.autoplayMs ?? 0);
  const hideOutOfView = "hideOutOfView" in root.dataset;
  const pause = root.querySelector<HTMLButtonElement>("[data-carousel-pause]");
  const motion = window.matchMedia("(prefers-reduced-motion: reduce)");

  let index = 0;
  let near = false;
  let hovered = false;
  let focusWithin = false;
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let moves = 0;
  let finishMove: (() => void) | null = null;

  const slideWidth = () => slides[0]?.getBoundingClientRect().width ?? 0;
  const perView = () => {
    const width = slideWidth();
    return width > 0 ? Math.max(1, Math.min(count, Math.round(viewport.clientWidth / width))) : 1;
  };
  const layout = () => {
    slides.forEach((slide, k) => {
      slide.style.order = String((k - index + count) % count);
    });
  };
  /** Out-of-view slides are inert (APG), so the live region announces the ones coming into view. */
  const expose = (start = index) => {
    if (!hideOutOfView || !near) return;
    const shown = perView();
    slides.forEach((slide, k) => {
      const hidden = (k - start + count) % count >= shown;
      slide.inert = hidden;
      if (hidden) slide.setAttribute("aria-hidden", "true");
      else slide.removeAttribute("aria-hidden");
    });
  };

  const move = (direction: Direction) => {
    if (count < 2) return;
    finishMove?.();
    const animate = !motion.matches;
    const width = slideWidth();
    const id = ++moves;
    const done = (finish: () => void) => {
      finishMove = () => {
        finishMove = null;
        finish();
      };
      const end = (event: TransitionEvent) => {
        if (event.target !== track || event.propertyName !== "transform") return;
        track.removeEventListener("transitionend", end);
        if (moves === id) finishMove?.();
      };
      track.addEventListener("transitionend", end);
    };
    if (direction === "next") {
      const target = (index + 1) % count;
      expose(target);
      if (!animate) {
        index = target;
        layout();
        return;
      }
      track.style.transition = MOVE;
      track.style.transform = `translateX(${-width}px)`;
      done(() => {
        track.style.transition = "none";
        track.style.transform = "";
        index = target;
        layout();
      });
    } else {
      index = (index - 1 + count) % count;
      layout();
      expose();
      if (!animate) return;
      track.style.transition = "none";
      track.style.transform = `translateX(${-width}px)`;
      track.getBoundingClientRect();
      track.style.transition = MOVE;
      track.style.transform = "";
      done(() => {
        track.style.transition = "none";
      });
    }
  };

  const rotating = () => autoplayMs > 0 && !motion.matches && near && !stopped && !hovered && !focusWithin;
  const sync = (restart = false) => {
    const on = rotating();
    track.setAttribute("aria-live", on ? "off" : "polite");
    if (timer !== undefined && (!on || restart)) {
      clearTimeout(timer);
      timer = undefined;
    }
    if (on && timer === undefined) {
      timer = setTimeout(() => {
        timer = undefined;
        move("next");
        sync();
      }, autoplayMs);
    }
  };

  const press = (direction: Direction) => {
    near = true;
    move(direction);
    sync(true);
  };
  root.querySelector("[data-carousel-previous]")?.addEventListener("click", () => press("previous"));
  root.querySelector("[data-carousel-next]")?.addEventListener("click", () => press("next"));
  pause?.addEventListener("click", () => {
    stopped = !stopped;
    pause.setAttribute("aria-label", stopped ? "Resume automatic rotation" : "Pause automatic rotation");
    const icon = pause.querySelector("[data-carousel-icon]");
    const word = pause.querySelector("[data-carousel-word]");
    if (icon) icon.textContent = stopped ? "▶" : "❚❚";
    if (word) word.textContent = stopped ? "Resume" : "Pause";
    sync();
  });
  root.addEventListener("mouseenter", () => {
    hovered = true;
    sync();
  });
  root.addEventListener("mouseleave", () => {
    hovered = false;
    sync();
  });
  root.addEventListener("focusin", () => {
    focusWithin = true;
    sync();
  });
  root.addEventListener("focusout", (event) => {
    if (root.contains(event.relatedTarget as Node | null)) return;
    focusWithin = false;
    sync();
  });
  motion.addEventListener("change", () => sync());
  window.addEventListener("resize", () => {
    finishMove?.();
    expose();
  });

  const becomeNear = () => {
    near = true;
    expose();
    sync();
  };
  if (typeof IntersectionObserver === "undefined") becomeNear();
  else {
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        becomeNear();
      },
      { rootMargin: NEAR },
    );
    observer.observe(root);
  }
  layout();
}

for (const root of document.querySelectorAll<HTMLElement>("[data-carousel]")) setUp(root);

export {};
