import { Form, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { inputClass } from "~/components/ui/control-classes";
import { TextField } from "~/components/ui/fields";
import { localSignInForm } from "~/lib/schemas/sign-in";
import { useForm } from "./form";

// Local sign-in (no OIDC client, loopback only), as plain POSTs so it works without JavaScript.

export function LocalSignIn({
  people,
  redirectTo,
  refusal,
}: {
  people: { email: string; label: string; role: string; plan: string | null }[];
  redirectTo: string | null;
  refusal: { error: string; field: string | null } | null;
}) {
  const navigation = useNavigation();
  const form = useForm(localSignInForm, {
    answer: refusal ? { ok: false, ...refusal } : undefined,
    busy: navigation.state === "submitting",
  });
  return (
    <div className="mt-6">
      <h2 className="text-lg font-semibold">Local sign-in (this machine only)</h2>
      <p className="mt-1 text-sm text-muted-foreground">
        Google sign-in isn't set up on this server, so you can be anyone to try the site. This is impossible
        once Google sign-in is set up or the server is reachable from a network.
      </p>
      <ul className="mt-4 grid gap-2">
        {people.map((person) => (
          <li key={person.email}>
            <Form method="post">
              <input type="hidden" name="intent" value="local" />
              <input type="hidden" name="email" value={person.email} />
              {redirectTo && <input type="hidden" name="redirectTo" value={redirectTo} />}
              {/* Name and role wrap apart on a narrow phone rather than run together. */}
              <button
                type="submit"
                className="flex w-full flex-wrap items-baseline justify-between gap-x-4 gap-y-0.5 rounded-md border border-border px-3 py-2.5 text-left text-sm hover:border-primary hover:bg-muted"
              >
                <span className="min-w-0 break-words">
                  Sign in as <span className="font-medium">{person.label}</span>
                </span>
                <span className="text-xs text-muted-foreground">
                  {person.role}
                  {person.plan ? ` · ${person.plan}` : ""}
                </span>
              </button>
            </Form>
          </li>
        ))}
      </ul>
      <Form
        method="post"
        ref={form.ref}
        onSubmit={form.onSubmit}
        className="mt-4 grid gap-2 sm:grid-cols-[1fr_1fr_auto]"
      >
        <input type="hidden" name="intent" value="local" />
        {redirectTo && <input type="hidden" name="redirectTo" value={redirectTo} />}
        <TextField
          form={form}
          name="email"
          label="Any email"
          type="email"
          required
          maxLength={254}
          className="min-w-0"
          inputClassName={`w-full min-w-0 ${inputClass}`}
        />
        <TextField
          form={form}
          name="name"
          label="Name (optional)"
          maxLength={120}
          className="min-w-0"
          inputClassName={`w-full min-w-0 ${inputClass}`}
        />
        <Button type="submit" variant="outline" className="self-end whitespace-nowrap">
          Sign in
        </Button>
      </Form>
      {form.message}
    </div>
  );
}
