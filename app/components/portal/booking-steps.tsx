import { ButtonAnchor } from "~/components/ui/button";

// In place of the booking buttons, what is left before the first booking
// (docs/decisions/0047-coaching-agreement.md): the server sends no booking link until both are done.

export function BookingSteps({ missing }: { missing: { intake: boolean; agreement: boolean } }) {
  if (!missing.intake && !missing.agreement) return null;
  return (
    <>
      <p className="w-full text-sm text-muted-foreground sm:w-auto sm:self-center">Before you book:</p>
      {missing.intake && (
        <ButtonAnchor href="/intake" size="touch" weight="medium">
          Fill in the intake questionnaire
        </ButtonAnchor>
      )}
      {missing.agreement && (
        <ButtonAnchor href="/agreement" size="touch" weight="medium">
          Accept the agreement
        </ButtonAnchor>
      )}
    </>
  );
}
