// A starting point for the coach's first agreement (docs/decisions/0047-coaching-agreement.md): shown in
// the editor until a version is saved, never stored or shown to a client by itself.

export const AGREEMENT_STARTER = `# Coaching agreement

This agreement is between you (the client) and your coach for the coaching program you bought.

## What you get
- The sessions, mock interviews and reviews of your plan, as shown on your dashboard.
- Notes and resources after each session, in your portal.

## Booking, rescheduling and cancelling
- Book each session from your dashboard.
- Reschedule or cancel at least 24 hours before the start to keep the session; later, it counts as used.

## Refunds
- Tell your coach within 14 days of your purchase if the program is not for you.

## Recordings
- Sessions are recorded only when both of you agree; recordings are shared with you in your portal.

## Confidentiality
- What you share stays between you and your coach.

## No guarantee of a job offer
- Coaching improves your preparation; hiring decisions are made by employers.
`;
