import { useFetcher } from "react-router";
import { useFetcherForm } from "~/components/form";
import { Button } from "~/components/ui/button";
import { TextField } from "~/components/ui/fields";
import { deletePersonForm } from "~/lib/schemas/admin";
import { type ClientAnswer, type ClientData, Section } from "./section";

export function DeletePersonSection({ data }: { data: ClientData }) {
  const fetcher = useFetcher<ClientAnswer>();
  const form = useFetcherForm(deletePersonForm, fetcher);
  const busy = form.saving;
  return (
    <Section id="delete-person" title="Delete this person">
      <p className="text-sm text-muted-foreground">
        Removes their profile, sign-ins, sessions and every record of theirs (usage, activities, lessons,
        homework, resources, audit trail). Records they wrote for others stay, without their name. This can't
        be undone.
      </p>
      <fetcher.Form
        method="post"
        ref={form.formRef}
        onSubmit={form.onSubmit}
        className="mt-3 grid max-w-md gap-2"
      >
        <input type="hidden" name="intent" value="delete-person" />
        <TextField
          form={form}
          name="confirmEmail"
          label={`Type ${data.person.email} to confirm`}
          type="text"
          autoComplete="off"
          required
          disabled={busy}
        />
        {form.message}
        <Button type="submit" variant="danger-outline" disabled={busy} className="justify-self-start">
          Delete this person
        </Button>
      </fetcher.Form>
    </Section>
  );
}
