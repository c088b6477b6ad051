// Public pages served as pre-rendered HTML. Anything personal on them (the header's
// signed-in links, today's date) is filled in by the browser after load.
export const PRERENDERED_PATHS = ["/"];
