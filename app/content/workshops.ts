export const WORKSHOPS_SEO = {
  title: "Workshops for student clubs and campuses",
  description:
    "Live, interactive career workshops for computer-science and engineering clubs: resume teardowns, live mock interviews, LeetCode patterns, internships, behavioural interviews and networking.",
  path: "/workshops",
} as const;

export const WORKSHOPS_HERO = {
  eyebrow: "Workshops",
  title: "Workshops for student clubs and campuses",
  pitch:
    "Live, hands-on sessions on resumes, interviews and the job search, delivered by a former big-tech interviewer and hiring-committee member. I have delivered 50+ workshops for student clubs and campuses.",
  cta: { label: "Book a Workshop", to: "/#contact" },
  factsLabel: "Workshops at a glance",
  facts: [
    { figure: "50+", label: "workshops delivered" },
    { figure: "60 or 90", label: "minutes per session" },
    { figure: "6", label: "topics to choose from" },
  ],
} as const;

export type Workshop = {
  id: string;
  title: string;
  tagline: string;
  durationMinutes: 60 | 90;
  audience: string;
};

export const WORKSHOP_LIST = {
  heading: "Workshops I run",
  intro: "Each one is tailored to your members' year and goals, and every session ends with open Q&A.",
  items: [
    {
      id: "resume-teardown",
      title: "Resume Teardown",
      tagline:
        "Volunteers' resumes reviewed live, the way a recruiter and an interviewer read them, with fixes everyone can apply the same night.",
      durationMinutes: 90,
      audience: "Students applying for internships or new-grad roles",
    },
    {
      id: "mock-interview-live",
      title: "Mock Interview Live",
      tagline:
        "A full coding interview on stage, then the debrief: what the interviewer wrote down and how a hiring committee would score it.",
      durationMinutes: 90,
      audience: "Students with technical interviews coming up",
    },
    {
      id: "leetcode-patterns",
      title: "LeetCode Patterns",
      tagline:
        "The handful of patterns behind most interview questions, and a practice plan that beats grinding problems at random.",
      durationMinutes: 90,
      audience: "Students starting technical interview preparation",
    },
    {
      id: "landing-internships",
      title: "Landing Your First Internship",
      tagline:
        "When to apply, where to look and how to stand out when your experience is mostly coursework and side projects.",
      durationMinutes: 60,
      audience: "First- and second-year students",
    },
    {
      id: "behavioural-interviews",
      title: "Behavioural Interviews",
      tagline:
        "Turn your projects and team experience into clear, specific stories that answer what was asked.",
      durationMinutes: 60,
      audience: "Anyone preparing for interview loops",
    },
    {
      id: "networking-new-grads",
      title: "Networking for New Grads",
      tagline:
        "Reach out to engineers without feeling awkward, turn conversations into referrals and make career fairs count.",
      durationMinutes: 60,
      audience: "Final-year students and recent graduates",
    },
  ] satisfies Workshop[],
} as const;

export type Logo = { id: string; name: string; src: string; width: number; height: number };

/** Every club's logo is drawn to the same box; `file` names /images/workshops/club-<file>.svg. */
const clubLogo = (id: string, name: string, file: string): Logo => ({
  id,
  name,
  src: `/images/workshops/club-${file}.svg`,
  width: 220,
  height: 64,
});

export const TRUSTED_BY = {
  heading: "Trusted by student clubs",
  /** Placeholders until the clubs agree to be listed. */
  logos: [
    clubLogo("cs-club", "Computer Science Club", "cs"),
    clubLogo("women-in-tech", "Women in Tech Society", "women-in-tech"),
    clubLogo("engineering-society", "Engineering Society", "engineering"),
    clubLogo("hackathon-club", "Hackathon Club", "hackathon"),
    clubLogo("data-science-club", "Data Science Club", "data-science"),
    clubLogo("career-centre", "Co-op & Career Centre", "career-centre"),
  ] satisfies Logo[],
} as const;

export type GalleryImage = { id: string; src: string; alt: string; width: number; height: number };

/** Every gallery picture is 480 × 320, at /images/workshops/gallery-<id>.svg. */
const galleryImage = (id: string, alt: string): GalleryImage => ({
  id,
  src: `/images/workshops/gallery-${id}.svg`,
  alt,
  width: 480,
  height: 320,
});

export const GALLERY = {
  heading: "From past workshops",
  images: [
    galleryImage("lecture-hall", "Illustration: a speaker presenting slides to a full lecture hall"),
    galleryImage(
      "mock-interview",
      "Illustration: two people at a table on stage running a mock coding interview",
    ),
    galleryImage(
      "whiteboard",
      "Illustration: a whiteboard with a tree diagram and code during a problem-solving session",
    ),
    galleryImage(
      "resume-review",
      "Illustration: a resume on a projector screen with comments marked in the margins",
    ),
    galleryImage("practice", "Illustration: students at laptops working through a practice problem together"),
    galleryImage("networking", "Illustration: students talking in small groups at a networking evening"),
  ] satisfies GalleryImage[],
} as const;

export const BOOKING = {
  heading: "Book a workshop for your club",
  body: "Tell me about your club, the date you have in mind and roughly how many members you expect, and I will suggest a workshop that fits.",
  instructionBefore: "In the inquiry form, choose the option ",
  option: "I'd like to invite you to speak at my event",
  instructionAfter: ".",
  cta: { label: "Open Inquiry Form", to: "/#contact" },
} as const;
