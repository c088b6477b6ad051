import type { IntakeQuestion } from "~/domain/intake";

// The questions a new client answers until the coach saves their own (docs/decisions/0046-intake-questionnaire.md):
// what a coach of software engineers looking for a job asks before the first call.

export const DEFAULT_INTAKE_QUESTIONS: readonly IntakeQuestion[] = [
  {
    id: "target-roles",
    type: "short",
    label: "Which roles are you aiming for?",
    help: "For example: backend engineer, new-grad SWE, senior frontend, engineering manager.",
    required: true,
  },
  {
    id: "timeline",
    type: "one",
    label: "When do you want to have an offer?",
    required: true,
    options: ["Within a month", "In 1–3 months", "In 3–6 months", "No fixed date"],
  },
  {
    id: "situation",
    type: "one",
    label: "Where are you now?",
    required: true,
    options: [
      "Student or new grad",
      "Employed, looking to move",
      "Between jobs",
      "Changing careers into software",
    ],
  },
  {
    id: "stage",
    type: "many",
    label: "Which parts of the search do you want help with?",
    required: false,
    options: ["Resume", "LinkedIn", "Applications", "Coding interviews", "System design", "Negotiation"],
  },
  {
    id: "resume",
    type: "link",
    label: "Link to your resume",
    help: "A shared document is fine.",
    required: false,
  },
  { id: "linkedin", type: "link", label: "Your LinkedIn profile", required: false },
  { id: "github", type: "link", label: "Your GitHub profile or portfolio", required: false },
  {
    id: "worry",
    type: "long",
    label: "What worries you most about the search?",
    help: "Anything you want your coach to know before the first session.",
    required: true,
  },
];
