import fc from "fast-check";
import { LIMITS } from "~/lib/schemas/admin";

// What the hostile-input properties send: markup, script URLs, strings past each limit, odd Unicode, numbers
// out of range, wrong enums, fields missing, repeated or unknown.

/** Replaced by the run's token: unique, lower-case, survives trimming and lower-casing. */
export const TOKEN = "@@";
let tokens = 0;
export const nextToken = () => `hx${(++tokens).toString(36)}${Math.random().toString(36).slice(2, 6)}q`;

export type Fields = [string, string][];

export const MARKUP = [
  '<script>__pwned("@@")</script>',
  '<img src=x onerror=__pwned("@@")>',
  "<svg/onload=__pwned('@@')>",
  "\"><script>__pwned('@@')</script>",
  "'><img src=x onerror=__pwned('@@')>",
  '" autofocus onfocus="__pwned(\'@@\')" x="',
  '</script><script>__pwned("@@")</script>',
  '</textarea></title><script>__pwned("@@")</script>',
  "<a href=\"javascript:__pwned('@@')\">@@</a>",
  "<iframe srcdoc=\"<script>__pwned('@@')</script>\"></iframe>",
  "<math><mtext><table><mglyph><style><img src=x onerror=__pwned('@@')>",
  '<!--<script>__pwned("@@")</script>-->',
  "{{constructor.constructor('__pwned(\"@@\")')()}}",
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template-injection probe, sent as text
  '${__pwned("@@")}',
  '\u2028\u2029__pwned("@@")//',
  "&lt;b&gt;@@&amp;",
];

export const SCRIPT_URLS = [
  "javascript:__pwned('@@')",
  " javascript:__pwned('@@')",
  "\tjavascript:__pwned('@@')",
  "java\tscript:__pwned('@@')",
  "java\nscript:__pwned('@@')",
  "\u0001javascript:__pwned('@@')",
  "JaVaScRiPt:__pwned('@@')",
  "javascript&colon;__pwned('@@')",
  "jav&#x09;ascript:__pwned('@@')",
  "javascript://%0a__pwned('@@')",
  "data:text/html,<script>__pwned('@@')</script>",
  "DATA:text/html;base64,PHNjcmlwdD4=#@@",
  " data:image/svg+xml,<svg onload=__pwned('@@')>",
  'vbscript:msgbox("@@")',
  "VBScript:msgbox('@@')",
  "//evil.example/@@",
  "\\\\evil.example\\@@",
  "file:///etc/passwd#@@",
  "blob:https://x.example/@@",
  "about:blank#@@",
];

const SAFE_URLS = [
  "https://example.com/@@",
  "http://example.com/@@?q=<script>&x=\"'",
  "mailto:@@@example.com",
  "https://exa mple.com/@@",
  "https://@@.example/\"><script>__pwned('@@')</script>",
];

const ODD = [
  "\u202e",
  "\u202d",
  "\u2066",
  "\u200b",
  "\u200d",
  "\u2060",
  "\ufeff",
  "\u0301",
  "e\u0301",
  "\u0000",
  "\u0007",
  "\u001b[31m",
  "\u0085",
  "\u009b",
  "\ud800",
  "\udfff",
  "\u2028",
  "\u2029",
  "\uffff",
  "\ufffd",
  "\u00a0",
  "\u3000",
  "😀",
  "👩‍👩‍👧‍👦",
  "🇨🇦",
  "مرحبا",
  "שלום",
  "Ω",
  "ﷺ",
  "\r\n",
  "\t",
  "Z̤͔ͧ̑̓ä͖̭̈̇lͮ̒ͫǧ̗͚̚o̙̔ͮ̇͐̇",
];

// biome-ignore lint/suspicious/noControlCharactersInRegex: the characters the server refuses
export const REFUSED_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\ud800-\udfff]/;
const STORABLE_ODD = ODD.filter((odd) => !REFUSED_CHARACTERS.test(odd));

const oddText = fc
  .array(fc.constantFrom(...ODD), { minLength: 1, maxLength: 4 })
  .map((parts) => parts.join(""));

const schemeVariant = fc
  .tuple(
    fc.constantFrom("", " ", "\t", "\n", "\u0000", "\u000b", "\u00a0"),
    fc.mixedCase(fc.constantFrom("javascript", "vbscript", "data")),
    fc.constantFrom(":", " :", "&#58;", "%3a"),
  )
  .map(([pad, scheme, colon]) => `${pad}${scheme}${colon}__pwned('@@')`);

/** Some of it over the 1 MB body limit once encoded. */
const huge = (limit: number) =>
  fc
    .tuple(
      fc.constantFrom(limit + 1, limit + 9, 100_000, 120_000),
      fc.constantFrom("a", "<", "😀", "e\u0301", "@@ ", "\u200b", "\u0000"),
    )
    .map(([n, unit]) => unit.repeat(Math.ceil(n / [...unit].length)));

const withToken = (parts: fc.Arbitrary<string>) =>
  fc
    .array(parts, { minLength: 1, maxLength: 4 })
    .map((list) => list.join(" "))
    .map((text) => (text.includes(TOKEN) ? text : `${text} ${TOKEN}`));

/** Always carrying the token, so a page can be searched for it. */
export const hostileText = withToken(
  fc.oneof(
    fc.constantFrom(...MARKUP),
    fc.constantFrom(...SCRIPT_URLS),
    schemeVariant,
    oddText,
    fc.string({ unit: "grapheme", maxLength: 12 }),
  ),
);

export const storableText = withToken(
  fc.oneof(
    fc.constantFrom(...MARKUP),
    fc.constantFrom(...SCRIPT_URLS.filter((link) => !REFUSED_CHARACTERS.test(link) && !/[\t\n]/.test(link))),
    fc.constantFrom(...SAFE_URLS),
    fc.constantFrom(...STORABLE_ODD.filter((odd) => !/[\t\n\r]/.test(odd))),
    fc.string({ unit: "grapheme", maxLength: 12 }),
  ),
);

/** Half the runs send only `storable` values, so both the refusal and the shown value get exercised. */
export type Value = { any: fc.Arbitrary<string>; storable: fc.Arbitrary<string> };

/** Tokens are at most 14 characters. */
const fits = (limit: number) => (value: string) =>
  [...value.trim().replaceAll(TOKEN, "x".repeat(14))].length <= limit;

const withControl = fc
  .tuple(
    storableText,
    fc.constantFrom("\u0000", "\u0001", "\u0007", "\u000b", "\u001b", "\u007f", "\u0085", "\u009f", "\ud800"),
    fc.nat(),
  )
  .map(([value, control, at]) => {
    const chars = [...value];
    chars.splice(at % (chars.length + 1), 0, control);
    return chars.join("");
  });

export const text = (limit: number): Value => ({
  storable: storableText.filter(fits(limit)),
  any: fc.oneof(
    { weight: 4, arbitrary: storableText },
    { weight: 3, arbitrary: withControl },
    { weight: 2, arbitrary: hostileText },
    { weight: 2, arbitrary: huge(limit) },
    { weight: 1, arbitrary: oddText },
    { weight: 1, arbitrary: fc.constantFrom("", " ", "\t\n", "\u200b\u200d", "\u0301") },
  ),
});

const STORABLE_URLS = [...SCRIPT_URLS, ...SAFE_URLS].filter(
  (link) => !REFUSED_CHARACTERS.test(link) && !/[\t\n]/.test(link),
);

export const url = (limit: number): Value => ({
  storable: fc.oneof(fc.constantFrom(...STORABLE_URLS), storableText),
  any: fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...SCRIPT_URLS) },
    { weight: 2, arbitrary: schemeVariant },
    { weight: 3, arbitrary: fc.constantFrom(...SAFE_URLS) },
    { weight: 2, arbitrary: text(limit).any },
  ),
});

export const httpUrl = (limit: number): Value => ({
  storable: fc
    .tuple(fc.mixedCase(fc.constantFrom("https://", "http://")), storableText)
    .map(([scheme, rest]) => `${scheme}x.example/${rest.replace(/\s/g, "")}`),
  any: url(limit).any,
});

export const enumValue = (values: readonly string[]): Value => ({
  storable: fc.constantFrom(...values),
  any: fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...values) },
    { weight: 2, arbitrary: fc.mixedCase(fc.constantFrom(...values)) },
    { weight: 1, arbitrary: fc.constantFrom(...values).map((v) => ` ${v}\u0000`) },
    { weight: 1, arbitrary: fc.constantFrom(...values).map((v) => `${v}\u200b`) },
    { weight: 2, arbitrary: text(50).any },
  ),
});

export const idValue = (placeholder: string): Value => ({
  storable: fc.constant(placeholder),
  any: fc.oneof(
    { weight: 4, arbitrary: fc.constant(placeholder) },
    { weight: 1, arbitrary: fc.constant(placeholder).map((p) => ` ${p.toUpperCase()} `) },
    { weight: 2, arbitrary: fc.uuid() },
    {
      weight: 2,
      arbitrary: fc.constantFrom(
        "not-a-uuid",
        "' OR '1'='1",
        "1; DROP TABLE profiles; --",
        "00000000-0000-0000-0000-000000000000",
        "../../etc/passwd",
        "%00",
        "",
      ),
    },
    { weight: 1, arbitrary: text(36).any },
  ),
});

export const amount: Value = {
  storable: fc.constantFrom("1", "-1"),
  any: fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom("1", "-1") },
    {
      weight: 3,
      arbitrary: fc.constantFrom(
        "0",
        "2",
        "-2",
        "1.5",
        "NaN",
        "Infinity",
        "-Infinity",
        "1e0",
        "0x1",
        "+1",
        " 1",
        "1 ",
        "-0",
        "١",
        "1\u0000",
        "9".repeat(400),
        "",
      ),
    },
    { weight: 1, arbitrary: fc.double().map(String) },
    { weight: 1, arbitrary: fc.integer().map(String) },
    { weight: 1, arbitrary: text(10).any },
  ),
};

const isoDay = (date: Date) => date.toISOString().slice(0, 10);
const inRange = {
  min: new Date("2000-01-01T00:00:00Z"),
  max: new Date("2100-12-31T00:00:00Z"),
  noInvalidDate: true,
};
export const dueDate: Value = {
  storable: fc.oneof(fc.date(inRange).map(isoDay), fc.constant("")),
  any: fc.oneof(
    { weight: 3, arbitrary: fc.date(inRange).map(isoDay) },
    {
      weight: 3,
      arbitrary: fc.constantFrom(
        "2024-02-30",
        "2025-02-29",
        "0000-01-01",
        "9999-12-31",
        "2024-13-01",
        "-001000-01-01",
        "275760-09-13",
        "2024-1-1",
        "2024-01-01T00:00:00Z",
        "",
      ),
    },
    { weight: 1, arbitrary: fc.date({ noInvalidDate: true }).map((d) => d.toISOString()) },
    { weight: 1, arbitrary: text(20).any },
  ),
};
export const instant: Value = {
  storable: fc.oneof(
    fc.date(inRange).map((d) => d.toISOString()),
    fc.constant(""),
  ),
  any: fc.oneof(
    { weight: 3, arbitrary: fc.date(inRange).map((d) => d.toISOString()) },
    {
      weight: 2,
      arbitrary: fc.constantFrom(
        "",
        "1999-12-31T23:59:59Z",
        "+275760-09-13T00:00:00.000Z",
        "yesterday",
        "2024-02-30T10:00",
      ),
    },
    { weight: 1, arbitrary: fc.date({ noInvalidDate: true }).map((d) => d.toISOString()) },
    { weight: 1, arbitrary: text(LIMITS.dateTime).any },
  ),
};

export type Part = (storable: boolean) => fc.Arbitrary<Fields>;

export const required =
  (name: string, value: Value): Part =>
  (storable) =>
    storable
      ? value.storable.map((v): Fields => [[name, v]])
      : fc.option(value.any, { freq: 6 }).map((v): Fields => (v === null ? [] : [[name, v]]));

export const optional =
  (name: string, value: Value): Part =>
  (storable) =>
    fc
      .option(storable ? value.storable : value.any, { freq: 4 })
      .map((v): Fields => (v === null ? [] : [[name, v]]));

export const constant =
  (fields: Fields): Part =>
  () =>
    fc.constant(fields);

export const form =
  (...parts: Part[]): Part =>
  (storable) =>
    fc.tuple(...parts.map((part) => part(storable))).map((lists) => lists.flat());

/** The limit is 20; counts sometimes out of step. */
export const linkRows =
  (labelName: string, urlName: string): Part =>
  (storable) =>
    fc
      .array(
        fc.tuple(
          storable ? text(LIMITS.label).storable : text(LIMITS.label).any,
          storable ? url(LIMITS.url).storable : url(LIMITS.url).any,
        ),
        { maxLength: storable ? LIMITS.resourceRows : 25 },
      )
      .chain((rows) =>
        fc
          .constantFrom("paired", "labels only", "urls only")
          .map((shape) => (storable ? "paired" : shape))
          .map(
            (shape): Fields => [
              ...(shape === "urls only" ? [] : rows.map(([label]): [string, string] => [labelName, label])),
              ...(shape === "labels only" ? [] : rows.map(([, link]): [string, string] => [urlName, link])),
            ],
          ),
      );

const rarely = <T>(arbitrary: fc.Arbitrary<T>) =>
  fc.oneof({ weight: 9, arbitrary: fc.constant(null) }, { weight: 1, arbitrary });

export const mangling = fc.record({
  drop: rarely(fc.nat()),
  repeat: rarely(fc.nat()),
  extras: fc.oneof(
    { weight: 3, arbitrary: fc.constant<Fields>([]) },
    {
      weight: 1,
      arbitrary: fc.array(
        fc.tuple(fc.oneof(hostileText, fc.constantFrom("__proto__", "constructor", "")), hostileText),
        { minLength: 1, maxLength: 3 },
      ),
    },
  ),
  flood: rarely(fc.constant(true)).map((flood) => flood === true),
});

export type Mangling = typeof mangling extends fc.Arbitrary<infer T> ? T : never;
export const UNTOUCHED: Mangling = { drop: null, repeat: null, extras: [], flood: false };

/** How a run's fields go: as a page's form post (`document`) or a fetcher's, URL-encoded or multipart. */
export type Transport = { document: boolean; multipart: boolean };
export const transport = fc.record({
  document: fc.integer({ min: 0, max: 4 }).map((n) => n === 0),
  multipart: fc.integer({ min: 0, max: 3 }).map((n) => n === 0),
});

/**
 * A property's run: half the runs storable values only, sent untouched; the other half anything,
 * mangled on the way (a field dropped or repeated, unknown ones, a flood).
 */
export const runs = (fields: Part) =>
  fc.boolean().chain((storable) =>
    fc.record({
      storable: fc.constant(storable),
      template: fields(storable),
      how: storable ? fc.constant(UNTOUCHED) : mangling,
      sendAs: transport,
    }),
  );

/** Two runs made whatever the seed, so both outcomes are exercised every time: a storable form, and it flooded past 100 fields. */
export function certainRuns(fields: Part) {
  const [template = []] = fc.sample(fields(true), { numRuns: 1, seed: 9 });
  const sendAs = { document: false, multipart: false };
  return [
    [{ storable: true, template, how: UNTOUCHED, sendAs }],
    [{ storable: false, template, how: { ...UNTOUCHED, flood: true }, sendAs }],
  ] satisfies [{ storable: boolean; template: Fields; how: Mangling; sendAs: Transport }][];
}

/** The field list as the run's mangling leaves it (the intent, first, is never dropped). */
export function mangle(fields: Fields, how: Mangling) {
  let out = [...fields];
  if (how.drop !== null && out.length > 1) out.splice((how.drop % (out.length - 1)) + 1, 1); // keep the intent
  if (how.repeat !== null && out.length > 0) out.push(out[how.repeat % out.length] as [string, string]);
  out = [...out, ...how.extras];
  if (how.flood) out = [...out, ...Array.from({ length: 150 }, (_, i): [string, string] => [`f${i}`, "x"])];
  return out;
}
