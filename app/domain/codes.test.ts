import { describe, expect, test } from "vitest";
import { CODE_ALPHABET, codeDisplay, codeLookup, referralCodeFor, rewardCode } from "./codes";

describe("typing a code", () => {
  test.each([
    ["MAYA-7K2", "MAYA7K2"],
    ["maya-7k2", "MAYA7K2"],
    ["  maya 7k2 ", "MAYA7K2"],
    ["Maya7K2", "MAYA7K2"],
    ["m a y a - 7 k 2", "MAYA7K2"],
  ])("%j is matched as %s", (typed, lookup) => {
    expect(codeLookup(typed)).toBe(lookup);
  });

  test.each(["", "   ", "ab", "---", "x".repeat(33)])("%j is no code", (typed) => {
    expect(codeLookup(typed)).toBeNull();
  });

  test.each([
    ["uoft cs club", "UOFT-CS-CLUB"],
    [" Acme--2026 ", "ACME-2026"],
    ["é-école", "E-ECOLE"],
  ])("a sponsor code %j is shown as %s", (typed, shown) => {
    expect(codeDisplay(typed)).toBe(shown);
  });
});

describe("a client's referral code", () => {
  const sequence = (values: number[]) => {
    let i = 0;
    return () => values[i++ % values.length] ?? 0;
  };

  test("is the first name and three characters no one misreads", () => {
    const code = referralCodeFor("Maya Lin", sequence([0.1, 0.5, 0.9]));
    expect(code).toMatch(/^MAYA-[2-9A-HJKMNP-Z]{3}$/);
    expect(codeLookup(code)).toBe(code.replace("-", ""));
  });

  test.each([
    [null, "FRIEND"],
    ["", "FRIEND"],
    ["Zoë", "ZOE"],
    ["J", "FRIEND"],
    ["Bartholomew Smith", "BARTHOLO"],
    ["李", "FRIEND"],
  ])("%j gives %s-…", (name, prefix) => {
    expect(referralCodeFor(name, Math.random).split("-")[0]).toBe(prefix);
  });

  test("the alphabet has no look-alikes", () => {
    for (const c of "01OIL") expect(CODE_ALPHABET).not.toContain(c);
    expect(rewardCode(Math.random)).toMatch(/^THANKS-[2-9A-HJKMNP-Z]{5}$/);
  });
});
