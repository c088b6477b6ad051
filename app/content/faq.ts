import { ALLOWANCES, PLAN_LABELS, type Plan } from "~/domain/plans";

// docs/product/screens.md, FAQ; plain text, also used for the FAQPage JSON-LD.

export type FaqLink = { label: string; to: string };

export type FaqEntry = {
  id: string;
  question: string;
  answer: readonly string[];
  link?: FaqLink;
};

/** From the same allowance table the portal and pricing page use. */
function tierSummary(plan: Plan): string {
  const a = ALLOWANCES[plan];
  const sessions = a.session_30m > 0 ? `, ${a.session_30m} coaching sessions of 30 minutes` : "";
  const mocks = `${a.mock_interview} mock interview${a.mock_interview === 1 ? "" : "s"}`;
  return `${PLAN_LABELS[plan]}: ${mocks}${sessions}`;
}

const ENTRIES: readonly FaqEntry[] = [
  {
    id: "guidance",
    question: "What kind of guidance do you offer?",
    answer: [
      "Everything between deciding to apply and signing an offer: resume, LinkedIn, GitHub and personal website reviews, mock interviews, one-on-one coaching sessions, a strategy call to plan your search, a DSA survey to find the gaps in your data-structures-and-algorithms preparation, and a networking playbook.",
      "You can book a single session for one specific question, monthly sessions for steady support, or join the Next Offer program for a structured plan.",
    ],
    link: { label: "See plans and pricing", to: "/pricing" },
  },
  {
    id: "session-content",
    question: "What happens in a coaching session, and where does it take place?",
    answer: [
      "You set the agenda. We might rework your resume line by line, rehearse your project stories, run a coding problem out loud, or plan the next month of your search. A single session lasts 1 hour.",
      "Sessions happen online on a video-meeting tool, so you only need a laptop, a quiet room and a stable connection. The meeting link comes with your booking.",
    ],
  },
  {
    id: "sessions-needed",
    question: "How many sessions will I need?",
    answer: [
      "It depends on where you are. One session is often enough to fix a resume or prepare for a specific interview. A full search usually benefits from the Next Offer program, which runs for 4, 8 or 12 weeks, part-time, with 2–5 hours of work per week suggested.",
      "If you're unsure, book an intro call through my calendar and we'll decide together.",
    ],
    link: { label: "Book an intro call", to: "/#contact" },
  },
  {
    id: "mock-interviews",
    question: "What does a mock interview look like?",
    answer: [
      "It runs like the real thing: a 45-minute interview, coding or behavioural, followed by 15 minutes of feedback. You hear what went well, what an interviewer would write down as a concern, and what to practise before your next round.",
    ],
  },
  {
    id: "tiers",
    question: "What's the difference between Basic, Pro and Premium?",
    answer: [
      "Every tier of the Next Offer program includes a resume review, a LinkedIn review, a GitHub review and a personal website review.",
      `${tierSummary("basic")}. ${tierSummary("pro")}, plus a 90-minute strategy call, a DSA survey and a networking playbook. ${tierSummary("premium")}, plus everything in Pro and a list of local networking events.`,
    ],
    link: { label: "Compare program tiers", to: "/pricing" },
  },
  {
    id: "group-offerings",
    question: "Do you offer anything besides one-on-one coaching?",
    answer: [
      "Yes. I run live workshops for student clubs and campuses, 60 or 90 minutes long, so a whole group can learn how the hiring process works.",
    ],
    link: { label: "See workshops", to: "/workshops" },
  },
  {
    id: "background",
    question: "What's your background?",
    answer: [
      "I'm a former big-tech interviewer and hiring-committee member. I've conducted 200+ technical interviews and reviewed 40+ hiring packets on the committee, so I know how candidates are assessed after the interview ends.",
    ],
    link: { label: "More about me", to: "/about" },
  },
  {
    id: "coaching-experience",
    question: "How much coaching experience do you have?",
    answer: [
      "I've coached 115+ aspiring software engineers, delivered 50+ workshops and held 50+ office hours. Six interns I mentored secured offers.",
    ],
  },
  {
    id: "discounts",
    question: "Do you offer discounts?",
    answer: [
      "Yes: a sponsor discount of 25%. Send me a message on LinkedIn and I'll arrange a custom payment link with the discount applied.",
    ],
  },
  {
    id: "referrals",
    question: "Do you have a referral program?",
    answer: [
      "Yes. When someone you refer makes a purchase, you can choose 10% of it in cash or a 10% discount on a future booking.",
    ],
  },
];

export const FAQ = {
  seo: {
    title: "FAQ",
    description:
      "Answers about coaching sessions, mock interviews, the Next Offer program tiers, workshops, discounts and the referral program.",
  },
  heading: "Frequently asked questions",
  intro: "The questions people ask most before we start working together.",
  entries: ENTRIES,
  stillHaveQuestions: {
    text: "Send me a message or book an intro call, and I'll answer it personally.",
    link: { label: "Still have questions?", to: "/#contact" },
  },
} as const;
