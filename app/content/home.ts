// docs/product/screens.md, Home; the coach's name and the embed links live in settings.ts.

export const HOME = {
  seo: {
    title: "Land your next software engineering offer",
    description:
      "Interview coaching for students, new grads and early-career software engineers from a former big-tech interviewer and hiring-committee member.",
  },
  hero: {
    tagline: "Career coaching for software engineers",
    heading: "Land your next offer with a coach who has sat on the other side of the table.",
    description:
      "I've run technical interviews and reviewed hiring packets on a big-tech hiring committee. Now I help students, new grads and early-career engineers prepare for the same process, one honest round of feedback at a time.",
    bullets: [
      "Mock interviews with feedback the way interviewers actually write it up",
      "A resume, LinkedIn and GitHub that make it past the first screen",
      "A weekly plan that fits around classes or a full-time job",
    ],
    cta: { label: "See plans and pricing", to: "/pricing" },
    /** docs/product/screens.md, Home: exact wording. */
    rating: "Coached 115+ aspiring SWEs",
  },
  coachCard: {
    label: "Your coach",
    portrait: { src: "/images/coach/portrait.svg", width: 96, height: 96 },
    highlights: [
      "200+ technical interviews conducted",
      "40+ hiring packets reviewed",
      "50+ workshops delivered",
    ],
    aboutLink: { label: "More about my work", to: "/about" },
  },
  contact: {
    id: "contact",
    heading: "Get in touch",
    intro:
      "Not sure where to start? Book an intro call and we'll work out what would help most, or send me a message. The form also covers workshop and speaking invitations.",
    form: {
      heading: "Send a message",
      description:
        "Questions about coaching, a workshop for your club, or an invitation to speak: pick the option that fits and I'll reply by email.",
      frameTitle: "Contact form",
      linkLabel: "Open the contact form",
    },
    scheduler: {
      heading: "Book an intro call",
      description:
        "Pick a time that suits you on my calendar. We'll talk about where you are in your search and whether coaching is the right next step.",
      frameTitle: "Intro call booking calendar",
      linkLabel: "Open the booking calendar",
    },
  },
} as const;
