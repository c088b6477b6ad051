import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { HYDRATING_EVENT } from "./lib/hydrate-on-intent";

// From here React hears every event on the page (and replays those that reach it mid-hydration), so
// app/enhancers/wake.ts stops holding them.
document.dispatchEvent(new Event(HYDRATING_EVENT));

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});
