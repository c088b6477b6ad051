import { renderToString } from "react-dom/server";
import { describe, expect, test } from "vitest";
import { type ClientSearch, LessonClientPicker } from "./lesson-client-picker";
import type { PickerPage } from "./lesson-form-data";

const client = (n: number) => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`,
  email: `client${n}@example.com`,
  fullName: n % 2 ? `Client ${n}` : null,
});

const idleSearch = {
  state: "idle",
  data: undefined,
  submit: () => Promise.resolve(),
} as unknown as ClientSearch;

const render = (picked: PickerPage) =>
  renderToString(
    <LessonClientPicker
      search={idleSearch}
      searchFormId="search"
      initialQuery=""
      picked={picked}
      selected={null}
      onSelect={() => {}}
      disabled={false}
      field={{ name: "clientId" }}
      error={null}
    />,
  );

const radios = (html: string) => html.match(/type="radio"/g)?.length ?? 0;

describe("the lesson client picker", () => {
  test("when more clients match than are shown, it says so and asks for more letters", () => {
    const html = render({ clients: Array.from({ length: 20 }, (_, i) => client(i + 1)), more: true });
    expect(radios(html)).toBe(20);
    expect(html).toContain("The first 20 are shown: type more of a name or email to find others.");
    expect(html).not.toContain("No matches");
  });

  test("when every match is shown, no such word", () => {
    const html = render({ clients: [client(1), client(2)], more: false });
    expect(radios(html)).toBe(2);
    expect(html).not.toContain("type more");
    expect(html).toContain("2 clients shown");
  });

  test("no match: 'No matches'", () => {
    const html = render({ clients: [], more: false });
    expect(radios(html)).toBe(0);
    expect(html).toContain("No matches");
  });
});
