import { redirect } from "react-router";
import { BackLink } from "~/components/admin/back-link";
import { homeworkReviewForm } from "~/lib/schemas/admin";
import { privateMeta } from "~/lib/seo";
import { attempt } from "~/server/action-result.server";
import { permitFor } from "~/server/auth/context.server";
import { getDb } from "~/server/db.server";
import { receiveFormWithFiles } from "~/server/entries/staged-upload.server";
import { reviewHomework } from "~/server/models/homework.server";
import { routeAccess, staff } from "~/server/route-access";
import type { Route } from "./+types/client-review";

// A review with the coach's files (a marked-up resume), posted from the client page's "To review"
// (app/routes/admin/client/review.tsx) as one multipart form: the feedback, then up to five files. Done, it
// goes back to the client's page; refused without JavaScript, this page says why.
export const access = routeAccess({
  loader: staff("homework.review"),
  action: staff("homework.review"),
});
export const streamsUploads = true;

export function loader({ params }: Route.LoaderArgs) {
  return { clientId: params.id };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const permit = permitFor(context, "homework.review");
  const filePermit = permitFor(context, "files.manage");
  const clientId = params.id;
  const answer = await attempt(async () => {
    await receiveFormWithFiles(request, {
      form: homeworkReviewForm,
      permit: filePermit,
      target: ({ homeworkId }) => ({ ownerId: clientId, homeworkId }),
      commit: async ({ homeworkId, feedback }, staged) =>
        reviewHomework(await getDb(), permit, homeworkId, feedback, clientId, { permit: filePermit, staged }),
    });
  });
  if ("ok" in answer && answer.ok) throw redirect(`/admin/clients/${clientId}#review`);
  return answer;
}

export const meta = privateMeta("Review", "Review handed-in homework.");

export default function ClientReview({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <section className="mx-auto max-w-3xl px-4 py-8 sm:py-10">
      <BackLink to={`/admin/clients/${loaderData.clientId}#review`}>Back to the client</BackLink>
      <h1 className="mt-2 text-3xl font-bold tracking-tight">Review</h1>
      <p role={actionData ? "alert" : undefined} className="mt-3 text-danger">
        {actionData && !actionData.ok ? actionData.error : "Review homework from the client's page."}
      </p>
    </section>
  );
}
