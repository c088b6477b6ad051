import { useFetcher } from "react-router";
import { useFetcherForm } from "~/components/form";
import { TextField } from "~/components/ui/fields";
import { IntentForm, SubmitButton } from "~/components/ui/intent-form";
import { deletePersonForm } from "~/lib/schemas/admin";
import { type ClientAnswer, type ClientData, Section } from "./section";

export function DeletePersonSection({ data }: { data: ClientData }) {
  const fetcher = useFetcher<ClientAnswer>();
  const form = useFetcherForm(deletePersonForm, fetcher);
  return (
    <Section id="delete-person" title="Delete this person">
      <p className="text-sm text-muted-foreground">
        Removes their profile, sign-ins, sessions and every record of theirs (usage, activities, lessons,
        homework, resources, audit trail). Records they wrote for others stay, without their name. This can't
        be undone.
      </p>
      <IntentForm fetcher={fetcher} form={form} intent="delete-person" className="mt-3 grid max-w-md gap-2">
        <TextField
          form={form}
          name="confirmEmail"
          label={`Type ${data.person.email} to confirm`}
          type="text"
          autoComplete="off"
          required
          disabled={form.saving}
        />
        {form.message}
        <SubmitButton
          form={form}
          submit="Delete this person"
          variant="danger-outline"
          className="justify-self-start"
        />
      </IntentForm>
    </Section>
  );
}
