// negotiator 1.x (what Express's `accepts` uses) ships no types.
declare module "negotiator" {
  export default class Negotiator {
    constructor(request: { headers: Record<string, string | string[] | undefined> });
    encodings(available?: readonly string[], options?: { preferred?: readonly string[] }): string[];
  }
}
