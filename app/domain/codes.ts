// How a discount code is written, typed and matched (docs/decisions/0044-discount-codes.md).

/** No 0/O, 1/I/L: a code read aloud or copied by hand survives. */
export const CODE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";

/** Accents dropped (é → E), so a name or a code typed on any keyboard reads the same. */
const upperLatin = (text: string) => text.normalize("NFKD").replace(/\p{M}/gu, "").toUpperCase();

/** What a code is matched by: "maya 7k2", " Maya-7K2 " and "MAYA7K2" are the same code. */
export function codeLookup(typed: string): string | null {
  const lookup = upperLatin(typed).replace(/[^A-Z0-9]/g, "");
  return lookup.length >= 4 && lookup.length <= 32 ? lookup : null;
}

/** As shown: upper case, words joined by single hyphens. Null when it has nothing a code can hold. */
export function codeDisplay(typed: string): string | null {
  const words = upperLatin(typed)
    .split(/[^A-Z0-9]+/)
    .filter(Boolean);
  const code = words.join("-");
  return codeLookup(code) && code.length <= 40 ? code : null;
}

function randomPart(length: number, random: () => number): string {
  let part = "";
  for (let i = 0; i < length; i += 1) {
    part += CODE_ALPHABET[Math.floor(random() * CODE_ALPHABET.length)] ?? "2";
  }
  return part;
}

/** MAYA-7K2: the first name (letters only, up to 8) and a random tail; FRIEND when there is no name. */
export function referralCodeFor(fullName: string | null, random: () => number, tail = 3): string {
  const first = upperLatin(fullName ?? "")
    .split(/\s+/)[0]
    ?.replace(/[^A-Z]/g, "")
    .slice(0, 8);
  const name = first && first.length >= 2 ? first : "FRIEND";
  return `${name}-${randomPart(tail, random)}`;
}

export function rewardCode(random: () => number): string {
  return `THANKS-${randomPart(5, random)}`;
}

/** A referral or sponsor code carried by a link (`/pricing?ref=…`), as the pricing page shows it. */
export type LinkCode = { code: string; percent: number; offers: readonly string[] | null };

export function codeAppliesTo(code: LinkCode | null | undefined, offer: string): code is LinkCode {
  return !!code && (!code.offers || code.offers.includes(offer));
}
