// What the coach edits on the pricing page; prices (app/domain/prices.ts) and plan allowances come from app/domain.

import type { Currency } from "~/domain/financing";
import { allowance, type Plan } from "~/domain/plans";
import { type OfferKey, type OfferPrice, priceOf } from "~/domain/prices";

export type PricingPlanKey = OfferKey;

export type PricingButton = {
  text: string;
  links: Record<Currency, string>;
  primary?: boolean;
};

/** docs/product/entities.md, Pricing plan entry; its name and prices are the price list's. */
export type PricingPlan = {
  title: string;
  planKey: PricingPlanKey;
  price: OfferPrice;
  description: string;
  buttons: readonly PricingButton[];
  benefits: readonly string[];
  showWhyVideo: boolean;
};

const offer = (key: OfferKey) => {
  const price = priceOf(key);
  return { title: price.name, planKey: key, price };
};

const INTRO_CALL: PricingButton = {
  text: "Book an intro call",
  links: { USD: "/#contact", CAD: "/#contact" },
};

/** An offer's own button: first, primary, and the checkout in each currency. */
const primaryButton = (text: string, links: Record<Currency, string>): PricingButton => ({
  text,
  primary: true,
  links,
});

/** The pay provider's checkout of an offer's two prices. */
const payLinks = (slug: string): Record<Currency, string> => ({
  USD: `https://pay.example.com/next-offer/${slug}-usd`,
  CAD: `https://pay.example.com/next-offer/${slug}-cad`,
});

const sessions = (plan: Plan) => allowance(plan, "session_30m");
const mocks = (plan: Plan) => allowance(plan, "mock_interview");
const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export const PRICING_PLANS: readonly PricingPlan[] = [
  {
    ...offer("single"),
    description:
      "One focused hour with me on whatever is in your way right now: a resume pass, a mock interview, a job-search plan or an offer decision.",
    buttons: [
      primaryButton("Book a session", {
        USD: "https://book.example.com/next-offer/single-session",
        CAD: "https://book.example.com/next-offer/single-session",
      }),
    ],
    benefits: [
      "60 minutes, 1:1 on video",
      "You choose the focus; I come prepared with questions",
      "A mock interview fits too: 45 minutes of interview, 15 of feedback",
      "Written next steps after the call",
    ],
    showWhyVideo: false,
  },
  {
    ...offer("monthly"),
    description:
      "Ongoing 1:1 coaching for a long search: someone in your corner every month, not just once, to keep momentum and adjust the plan as results come in.",
    buttons: [primaryButton("Start monthly sessions", payLinks("monthly-sessions")), INTRO_CALL],
    benefits: [
      "Regular 1:1 sessions, booked on my calendar",
      "Pick the focus each time: resume, mock interviews, strategy or offers",
      "Goals set at the start of the month and reviewed at the end",
    ],
    showWhyVideo: false,
  },
  {
    ...offer("basic"),
    description:
      "The essentials of the Next Offer program: your profile in shape for recruiters and a first real mock interview with feedback.",
    buttons: [primaryButton("Enroll in Basic", payLinks("basic")), INTRO_CALL],
    benefits: [
      "Resume, LinkedIn, GitHub and personal website reviews",
      `${plural(mocks("basic"), "mock interview", "mock interviews")} (45 min + 15 min feedback)`,
      "Program of 4, 8 or 12 weeks, part-time (2–5 hours a week)",
      "Client portal to track what you have used",
    ],
    showWhyVideo: false,
  },
  {
    ...offer("pro"),
    description:
      "For candidates already interviewing: the reviews, more mock interviews and regular coaching sessions to carry you through every round.",
    buttons: [primaryButton("Enroll in Pro", payLinks("pro")), INTRO_CALL],
    benefits: [
      "Everything in Basic",
      `${plural(mocks("pro"), "mock interview", "mock interviews")} (45 min + 15 min feedback)`,
      `${plural(sessions("pro"), "coaching session", "coaching sessions")} (30 minutes each)`,
      "A 90-minute strategy call",
      "DSA survey and networking playbook",
    ],
    showWhyVideo: false,
  },
  {
    ...offer("premium"),
    description:
      "The full program: the most practice and coaching time, for candidates who want a coach beside them from first application to signed offer.",
    buttons: [primaryButton("Enroll in Premium", payLinks("premium")), INTRO_CALL],
    benefits: [
      "Everything in Pro",
      `${plural(mocks("premium"), "mock interview", "mock interviews")} (45 min + 15 min feedback)`,
      `${plural(sessions("premium"), "coaching session", "coaching sessions")} (30 minutes each)`,
      "Local networking events list",
    ],
    showWhyVideo: false,
  },
];

export const PRICING_GROUPS: readonly {
  id: string;
  title: string;
  intro: string;
  planKeys: PricingPlanKey[];
}[] = [
  {
    id: "sessions",
    title: "Coaching sessions",
    intro: "Try one session, or keep a standing monthly slot.",
    planKeys: ["single", "monthly"],
  },
  {
    id: "program",
    title: "Next Offer Coaching Program",
    intro: "A structured program of 4, 8 or 12 weeks, part-time, in three tiers.",
    planKeys: ["basic", "pro", "premium"],
  },
];

export const PRICING_INTRO = {
  title: "Services & Programs",
  lead: "Coaching from a former big-tech interviewer and hiring-committee member. Pick a single session, monthly coaching, or the full Next Offer program.",
  seoDescription:
    "Prices for single coaching sessions, monthly sessions and the Next Offer Coaching Program (Basic, Pro, Premium) in CAD or USD, with monthly payment plans in Canada.",
  compareTitle: "Compare Program Tiers",
  compareCaption: "What Basic, Pro and Premium each include",
  currencyNotes: {
    CAD: "Prices in Canadian dollars. In Canada, Basic, Pro and Premium can also be paid in monthly instalments, whatever the program's length.",
    USD: "Prices in US dollars.",
  } satisfies Record<Currency, string>,
  lockedNote: "Sold in US dollars only, so it is billed in USD.",
} as const;

export const WHY_PREMIUM_VIDEO = {
  buttonText: "Watch why Premium",
  title: "Why Premium",
  description: "A short video on who Premium is for and what the extra coaching time gets you.",
  embedUrl: "https://www.youtube-nocookie.com/embed/why-premium-placeholder",
  watchUrl: "https://www.youtube.com/watch?v=why-premium-placeholder",
} as const;

/** The FAQ's figures (app/content/faq.ts); how codes work: docs/decisions/0044-discount-codes.md. */
export const CODE_SETTINGS = {
  /** Off a purchase made with a client's referral code. */
  referralPercent: 10,
  /** The referrer's share of each referred charge, in cash or as a single-use code of this percent. */
  referralRewardPercent: 10,
  sponsorDefaultPercent: 25,
} as const;
