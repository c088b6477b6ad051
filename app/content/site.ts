export const SITE = {
  brand: "Next Offer Coaching",
  tagline: "Interview coaching for new-grad and early-career software engineers",
  description:
    "Coaching from a former big-tech interviewer and hiring-committee member: resume, mock interviews and a plan to land your next offer.",
  logo: { src: "/images/logo.svg", width: 32, height: 32 },
  socialImage: "/images/social-card.png",
} as const;

export type NavLink = { label: string; to: string };

export const PRIMARY_NAV: readonly NavLink[] = [
  { label: "Home", to: "/" },
  { label: "About", to: "/about" },
  { label: "Pricing", to: "/pricing" },
  { label: "Next Offer Program", to: "/next-offer-coaching-program" },
  { label: "Workshops", to: "/workshops" },
  { label: "FAQ", to: "/faq" },
];

export const SOCIAL_LINKS = [
  { label: "LinkedIn", href: "https://www.linkedin.com/", kind: "professional network" },
  { label: "Instagram", href: "https://www.instagram.com/", kind: "photo sharing" },
  { label: "YouTube", href: "https://www.youtube.com/", kind: "video channel" },
] as const;
