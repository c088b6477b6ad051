export const NEXT_OFFER_SEO = {
  title: "Next Offer Coaching Program",
  description:
    "A part-time, 4, 8 or 12-week coaching program for software-engineering students, new grads and early-career engineers: resume, mock interviews, networking and a plan to land your next offer.",
  path: "/next-offer-coaching-program",
} as const;

export const NEXT_OFFER_HERO = {
  eyebrow: "The Next Offer program",
  title: "The Next Offer Coaching Program",
  pitch:
    "A structured, part-time program that takes you from scattered applications to a signed offer: materials that get callbacks, interview skills that hold up under pressure, and a weekly plan you can keep alongside classes or a full-time job.",
  credibility:
    "Built by a former big-tech interviewer and hiring-committee member who has coached 115+ aspiring SWEs.",
} as const;

export const PROGRAM_FACTS = {
  lengthLabel: "Program length",
  length: "4, 8, or 12 Weeks",
  formatLabel: "Format",
  format: "Part-time, 2–5 hours per week",
} as const;

/** Its addresses are site settings (`SETTINGS.interestForm`). */
export const INTEREST_FORM = {
  heading: "Register your interest",
  intro: "Tell me where you are in your search and what you are aiming for, and I will reply by email.",
  frameTitle: "Next Offer program interest form",
  openLabel: "Open the interest form",
  loading: "Loading the interest form…",
  unavailable: "The form can't be shown here right now. It works the same on its own page.",
  timeoutMs: 6000,
} as const;

export type ReviewSite = {
  id: string;
  name: string;
  /** Placeholder addresses: replace with the real profile pages. */
  href: string;
  rating: number;
  logo: { src: string; width: number; height: number };
};

export const REVIEWS_HEADING = "Rated 5.0 by the people I've coached";
export const REVIEWS_INTRO = "Read the reviews where they were written, on four independent sites.";

/** Each site rates the coaching 5.0; its logo is /images/program/review-<id>.svg, drawn to one box. */
const fiveStars = (id: string, name: string, href: string): ReviewSite => ({
  id,
  name,
  href,
  rating: 5.0,
  logo: { src: `/images/program/review-${id}.svg`, width: 160, height: 48 },
});

export const REVIEW_SITES: readonly ReviewSite[] = [
  fiveStars("google", "Google", "https://www.google.com/search?q=Next+Offer+Coaching+reviews"),
  fiveStars("linkedin", "LinkedIn", "https://www.linkedin.com/services/"),
  fiveStars("trustpilot", "Trustpilot", "https://www.trustpilot.com/"),
  fiveStars("topmate", "Topmate", "https://topmate.io/"),
];

export type Step = { id: string; title: string; description: string };

export const GAMEPLAN = {
  heading: "Your five-step gameplan",
  intro: "Every client follows the same path. How fast we move through it depends on the length you choose.",
  steps: [
    {
      id: "diagnose",
      title: "Diagnose where you are",
      description:
        "We start with a kickoff call: the roles you want, the companies that fit, and what is stopping you from getting callbacks or offers today.",
    },
    {
      id: "materials",
      title: "Fix your materials",
      description:
        "Your resume, LinkedIn, GitHub and personal site get a line-by-line review, so a recruiter sees your strongest work in the first few seconds.",
    },
    {
      id: "skills",
      title: "Build real interview skill",
      description:
        "A DSA survey finds the patterns you are weakest on, then mock interviews (45 minutes of interview, 15 of feedback) are scored the way a hiring committee scores them.",
    },
    {
      id: "network",
      title: "Apply and network with intent",
      description:
        "Fewer, better applications, a networking playbook and outreach that turns conversations into referrals instead of cold applications.",
    },
    {
      id: "offer",
      title: "Close the offer",
      description:
        "Final-round preparation, team-matching conversations and a clear-headed look at the offers on the table before you sign.",
    },
  ] satisfies Step[],
} as const;

export type Reason = { id: string; title: string; figure: string; description: string };

export const WHY_ME = {
  heading: "Why work with me",
  intro:
    "I spent years on the other side of the table. I know what interviewers write down, and what a hiring committee does with it.",
  reasons: [
    {
      id: "committee",
      title: "Hiring-committee experience",
      figure: "40+ packets reviewed",
      description:
        "I have read the full interview packets and made the hire / no-hire call, so I coach you toward the signals that decide it.",
    },
    {
      id: "interviews",
      title: "Hundreds of interviews run",
      figure: "200+ technical interviews",
      description:
        "As a former big-tech interviewer I know where candidates lose points, and most of it is fixable in a few weeks.",
    },
    {
      id: "students",
      title: "Focused on early careers",
      figure: "115+ aspiring SWEs coached",
      description:
        "I coach students, new grads and early-career engineers, and 6 interns I have worked with secured offers.",
    },
    {
      id: "teaching",
      title: "Taught in the open",
      figure: "50+ workshops and office hours",
      description:
        "I run workshops and office hours for student clubs, so the advice is tested on many people, not just a few.",
    },
  ] satisfies Reason[],
} as const;

export const TESTIMONIALS_SECTION = {
  heading: "What clients say",
  carouselLabel: "Client testimonials",
  itemName: "testimonial",
  /** docs/product/constants.md. */
  autoplayMs: 2000,
} as const;

export type ProgramQuestion = { id: string; question: string; answer: string };

export const PROGRAM_FAQ = {
  heading: "Questions about the program",
  items: [
    {
      id: "time",
      question: "How much time does the program take each week?",
      answer:
        "Plan on 2–5 hours per week, including our sessions. The program is part-time by design, so it fits around classes, a co-op term or a full-time job.",
    },
    {
      id: "length",
      question: "Should I choose 4, 8 or 12 weeks?",
      answer:
        "Four weeks suits you if interviews are already booked and you need sharp, focused preparation. Eight weeks covers materials, interview practice and applications at a steady pace. Twelve weeks is for starting from scratch or changing direction, with time to apply and iterate.",
    },
    {
      id: "tiers",
      question: "What is the difference between Basic, Pro and Premium?",
      answer:
        "Every tier includes the resume, LinkedIn, GitHub and personal-site reviews and at least one mock interview. Pro and Premium add 30-minute coaching sessions, a 90-minute strategy call, a DSA survey, a networking playbook and more mock interviews; Premium adds the most sessions and a local networking events list.",
    },
  ] satisfies ProgramQuestion[],
} as const;

export const HOW_TO_START = {
  heading: "How to start",
  steps: [
    {
      id: "interest",
      title: "Register your interest",
      description:
        "Fill in the short interest form at the top of this page so I know where you are starting from.",
    },
    {
      id: "intro-call",
      title: "Book an intro call",
      description:
        "Pick a time in my calendar. We talk through your goals and whether the program is right for you.",
    },
    {
      id: "choose",
      title: "Choose your tier and length",
      description:
        "Basic, Pro or Premium, over 4, 8 or 12 weeks, depending on how much support and time you need.",
    },
    {
      id: "enroll",
      title: "Enroll and kick off",
      description:
        "Enroll by the date above, then we book your kickoff call and start on step one of the gameplan.",
    },
  ] satisfies Step[],
  cta: { label: "Compare plans", to: "/pricing" },
} as const;
