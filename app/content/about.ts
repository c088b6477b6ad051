// docs/product/screens.md, About; change a figure here and the page follows.

export type Stat = { value: string; label: string };

export type Logo = { name: string; src: string };

export type LogoCarousel = {
  label: string;
  logos: readonly Logo[];
};

export type WorkCard = {
  id: string;
  title: string;
  highlight?: string;
  body: string;
};

const logo = (name: string, file: string): Logo => ({ name, src: `/images/logos/company-${file}.svg` });

export const ABOUT = {
  seo: {
    title: "About",
    description:
      "Former big-tech interviewer and hiring-committee member: 200+ technical interviews, 40+ hiring packets reviewed, 50+ workshops delivered.",
  },
  heading: "From interviewer to coach",
  intro: [
    "For years I was the person on the other side of the video call: asking the coding question, writing the feedback, and later reading other interviewers' feedback on a hiring committee.",
    "I saw strong engineers miss offers because nobody had told them how the process really works. Now I spend my time making sure the people I coach walk in knowing exactly that.",
  ],
  statsLabel: "At a glance",
  stats: [
    { value: "50+", label: "clients helped" },
    { value: "200+", label: "interviews conducted" },
    { value: "50+", label: "workshops delivered" },
    { value: "50+", label: "office hours held" },
  ] satisfies readonly Stat[],
  work: {
    heading: "My Work",
    cards: [
      {
        id: "hiring-committee",
        title: "Hiring committee",
        highlight: "40+ packets reviewed",
        body: "On the hiring committee I read every interviewer's write-up and decided whether the evidence added up to a hire. I know what makes a packet an easy yes, and what quietly sinks one.",
      },
      {
        id: "technical-interviews",
        title: "Technical interviews",
        highlight: "200+ technical interviews",
        body: "Coding, problem solving and behavioural rounds, for interns, new grads and experienced engineers. I've seen the same avoidable mistakes hundreds of times, so I can spot them in yours quickly.",
      },
      {
        id: "interview-experience",
        title: "Interview experience",
        body: "I know these interview loops first-hand, and my clients have been through them too.",
      },
      {
        id: "recruiting-trips",
        title: "Recruiting trips",
        body: "I travelled to campuses on recruiting trips: career fairs, info sessions and on-site interview days. It showed me how students get noticed, and how easily they get overlooked.",
      },
      {
        id: "interns",
        title: "Intern mentoring",
        highlight: "6 interns secured offers",
        body: "I mentored interns through their projects and their end-of-internship reviews. Six of them secured offers.",
      },
      {
        id: "client-wins",
        title: "Client wins",
        body: "My favourite messages: a client who finally passed the phone screen they used to dread, one who negotiated with confidence, one who signed their first offer. Those wins are why I coach.",
      },
    ] satisfies readonly WorkCard[],
  },
  /** Placeholders for the companies the coach can name; wordmarks only. */
  carousels: [
    {
      label: "Companies I've interviewed with",
      logos: [
        logo("Google", "google"),
        logo("Meta", "meta"),
        logo("Amazon", "amazon"),
        logo("Microsoft", "microsoft"),
        logo("Apple", "apple"),
        logo("Netflix", "netflix"),
        logo("Uber", "uber"),
        logo("Airbnb", "airbnb"),
      ],
    },
    {
      label: "Companies where my clients have interviewed",
      logos: [
        logo("Shopify", "shopify"),
        logo("Stripe", "stripe"),
        logo("Datadog", "datadog"),
        logo("Atlassian", "atlassian"),
        logo("Salesforce", "salesforce"),
        logo("Cisco", "cisco"),
        logo("Intel", "intel"),
        logo("IBM", "ibm"),
      ],
    },
  ] satisfies readonly LogoCarousel[],
  cta: {
    text: "Want to know whether coaching would help you?",
    link: { label: "Book an intro call", to: "/#contact" },
  },
} as const;
