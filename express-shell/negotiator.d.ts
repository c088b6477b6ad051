// negotiator 1.x (what Express's own `accepts` uses) ships no types; the one call express-shell makes.
declare module "negotiator" {
  export default class Negotiator {
    constructor(request: { headers: Record<string, string | string[] | undefined> });
    /** The encodings the request accepts, best first; among equals, `preferred`'s order. */
    encodings(available?: readonly string[], options?: { preferred?: readonly string[] }): string[];
  }
}
