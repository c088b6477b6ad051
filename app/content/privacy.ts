import { type AnalyticsTool, SETTINGS } from "./settings";

// docs/product/overview.md, The privacy page, phrased for how this site runs; `{email}` becomes a mailto link to the operator.

export type PolicySection = { id: string; heading: string; paragraphs: readonly string[] };

const { name, siteUrl } = SETTINGS.operator;

export const PRIVACY = {
  seo: {
    title: "Privacy Policy",
    description: `How ${name} handles your data on ${siteUrl}: Google sign-in for identity only, no personal data sold, and how to ask for access or deletion.`,
  },
  heading: "Privacy Policy",
  lastUpdated: { text: "October 5, 2025", iso: "2025-10-05" },
  intro: `This policy explains what personal data ${name} collects through ${siteUrl} (“the site”), why, where it is kept and what you can ask us to do with it.`,
  sections: [
    {
      id: "operator",
      heading: "Who we are",
      paragraphs: [
        `The site and its client portal are operated by ${name}, who is responsible for your data. You can reach us at {email}.`,
      ],
    },
    {
      id: "sign-in",
      heading: "Signing in with Google",
      paragraphs: [
        "The client portal uses Google sign-in, and only for identity: to know who you are. From your Google account we receive your name, your email address and your Google user ID. We do not receive your password or anything else from your Google account.",
      ],
    },
    {
      id: "what-we-keep",
      heading: "What we keep about clients",
      paragraphs: [
        "For the coaching itself we keep your profile (name, email, role and plan) and the records of our work together: lessons, homework, resources, activity notes and which of your plan's services you have used.",
        "When you accept the coaching agreement we keep, as the record of it, the version you accepted, the name you typed, when you accepted, and the network address and browser description your request came with.",
      ],
    },
    {
      id: "where",
      heading: "Where your data is held",
      paragraphs: [
        "Your data is held with our site host: the server that runs this website and its PostgreSQL database. We do not copy it into other services.",
        "Access to the database is governed by role-based policies: a client can see only their own records, and only the coach and the site administrator can see client records, to deliver the coaching.",
      ],
    },
    {
      id: "third-parties",
      heading: "Analytics, payments and bookings",
      paragraphs: [
        analyticsParagraph(SETTINGS.analytics),
        "Payments are handled by a card payment provider. Your card details go directly to that provider; we never see or store them.",
        "The booking calendar and the contact form are provided by external scheduling and form services. What you enter there is handled by those services and sent on to us so we can reply.",
      ],
    },
    {
      id: "cookies",
      heading: "Cookies and local storage",
      paragraphs: [
        "When you sign in, a session cookie keeps you signed in. Your theme and currency choices are remembered in a cookie and in your browser’s local storage. When you open a pricing link that carries a code, a cookie with a random number for your browser counts the codes tried from it, so that one browser’s mistakes don’t hold back others on the same network; it says nothing about who you are. None of these are used for advertising.",
      ],
    },
    {
      id: "no-sale",
      heading: "We do not sell your data",
      paragraphs: ["We do not sell personal data to anyone."],
    },
    {
      id: "children",
      heading: "Children",
      paragraphs: [
        "The site and its services are not for children under 13, and we do not knowingly collect their personal data. If you think a child under 13 has given us personal data, email {email} and we will delete it.",
      ],
    },
    {
      id: "requests",
      heading: "Access and deletion requests",
      paragraphs: [
        "You can ask for a copy of the personal data we hold about you, or ask us to delete it, by emailing {email}. Please send the request from the email address you use with us so we can confirm it is you.",
      ],
    },
    {
      id: "changes",
      heading: "Changes to this policy",
      paragraphs: ["When this policy changes, we update it on this page and change the date at the top."],
    },
  ] satisfies readonly PolicySection[],
} as const;

const COUNTS = ["no", "one", "two", "three", "four"];

/** Says what runs, from the settings that load the scripts. */
export function analyticsParagraph(tools: readonly AnalyticsTool[]): string {
  if (tools.length === 0) {
    return "We run no analytics tools: nothing on this site counts your visits or follows you from page to page.";
  }
  const names = tools.map((tool) => tool.name);
  const listed = names.length === 1 ? names[0] : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
  const count = COUNTS[tools.length] ?? String(tools.length);
  const [tool, they, see] = tools.length === 1 ? ["tool", "It", "sees"] : ["tools", "They", "see"];
  return `We use ${count} analytics ${tool}, ${listed}, to count page views and learn which pages are useful. ${they} ${see} the pages you visit and basic technical details such as your browser, not your portal records.`;
}
