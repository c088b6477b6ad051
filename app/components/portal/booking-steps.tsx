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

/** The coach asks for the agreement without holding booking back for it. */
export function AgreementDue() {
  return (
    <p className="mt-3 text-sm">
      Your coach asks you to read and accept the coaching agreement.{" "}
      <a href="/agreement" className="font-medium text-primary underline underline-offset-4">
        Read the agreement
      </a>
    </p>
  );
}
