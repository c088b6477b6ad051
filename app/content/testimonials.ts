// Employers stay generic unless the client has agreed to be named.

export type Testimonial = {
  id: string;
  quote: string;
  name: string;
  context: string;
  outcome: string;
};

export const TESTIMONIALS: readonly Testimonial[] = [
  {
    id: "priya",
    quote:
      "I had sent out over a hundred applications and heard almost nothing back. We rebuilt my resume around impact instead of coursework, and the mock interviews made the real loop feel like a rerun of something I had already done.",
    name: "Priya S.",
    context: "new grad",
    outcome: "Offer from a big-tech company",
  },
  {
    id: "daniel",
    quote:
      "The feedback after every mock was specific: which signal I missed, what the interviewer would write down, what to say instead. I stopped grinding random problems and started practising the patterns that kept coming up.",
    name: "Daniel K.",
    context: "third-year CS student",
    outcome: "Summer internship at a Toronto fintech",
  },
  {
    id: "amara",
    quote:
      "Two years into my first job I wanted a bigger challenge but had forgotten how to interview. The weekly plan fit around full-time work, and the behavioural prep finally gave my stories a clear shape.",
    name: "Amara O.",
    context: "early-career engineer",
    outcome: "Mid-level offer at a growing SaaS company",
  },
  {
    id: "wei",
    quote:
      "What helped most was hearing how a hiring committee actually reads a packet. Once I knew what they were looking for, negotiating my start date and comparing two offers felt a lot less scary.",
    name: "Wei L.",
    context: "master's student",
    outcome: "Two new-grad offers to choose from",
  },
];
