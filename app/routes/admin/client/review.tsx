import { useFetcher } from "react-router";
import { AttachInput } from "~/components/files/attached-files";
import { useFetcherForm } from "~/components/form";
import { TextareaField } from "~/components/ui/fields";
import { IntentForm } from "~/components/ui/intent-form";
import { homeworkReviewForm, LIMITS } from "~/lib/schemas/admin";
import { HomeworkCard } from "./homework";
import { type ClientAnswer, type ClientData, Section } from "./section";

/** To its own route (app/routes/admin/client-review.tsx): a review may carry files, which stream there. */
function ReviewForm({
  clientId,
  homeworkId,
  title,
}: {
  clientId: string;
  homeworkId: string;
  title: string;
}) {
  const fetcher = useFetcher<ClientAnswer>();
  const form = useFetcherForm(homeworkReviewForm, fetcher);
  const { saving } = form;
  return (
    <IntentForm
      fetcher={fetcher}
      form={form}
      action={`/admin/clients/${clientId}/review`}
      encType="multipart/form-data"
      hidden={{ homeworkId }}
      className="mt-3 grid gap-2"
      submit="Mark reviewed"
      busy="Saving…"
      button={{ variant: "outline", size: "sm" }}
      footer="flex items-center gap-3"
    >
      <TextareaField
        form={form}
        name="feedback"
        label={`Feedback for ${title} (the client sees it)`}
        rows={2}
        maxLength={LIMITS.details}
        disabled={saving}
      />
      <AttachInput label="Files for the client (optional: a marked-up copy, up to 5)" disabled={saving} />
    </IntentForm>
  );
}

export function ToReview({ data }: { data: ClientData }) {
  const waiting = data.homework.filter((item) => item.status === "submitted");
  return (
    <Section id="review" title="To review">
      {waiting.length === 0 ? (
        <p className="text-muted-foreground">No homework waiting for review.</p>
      ) : (
        <ul className="space-y-3">
          {waiting.map((item) => (
            <HomeworkCard key={item.id} item={item} files={data.attachments}>
              {data.may.homework && (
                <ReviewForm clientId={data.person.id} homeworkId={item.id} title={item.title} />
              )}
            </HomeworkCard>
          ))}
        </ul>
      )}
    </Section>
  );
}
