import { LightLink } from "~/components/light-link";

/** A payment's person on a staff list: their client page, or what is left once they deleted their account. */
export function PersonLink({
  id,
  fullName,
  email,
}: {
  id: string | null;
  fullName: string | null;
  email: string | null;
}) {
  return id ? (
    <LightLink to={`/admin/clients/${id}`} className="underline underline-offset-2">
      {fullName || email}
    </LightLink>
  ) : (
    <span className="text-muted-foreground">Deleted account</span>
  );
}
