import { useEffect, useRef, useState } from "react";
import type { FetcherWithComponents } from "react-router";
import { Button } from "~/components/ui/button";
import { inputClass } from "~/components/ui/control-classes";
import { clientLabel, type PickableClient, type PickerPage } from "./lesson-form-data";

// docs/product/screens.md, Add Lesson screen. Native radios, so the list works without JavaScript; the
// search box belongs to a separate GET form, which a fetcher submits while typing.

const DEBOUNCE_MS = 250;

export type ClientSearch = FetcherWithComponents<PickerPage>;

export function LessonClientPicker({
  search,
  searchFormId,
  initialQuery,
  picked,
  selected,
  onSelect,
  disabled,
  field,
  error,
}: {
  search: ClientSearch;
  searchFormId: string;
  initialQuery: string;
  picked: PickerPage;
  selected: PickableClient | null;
  onSelect: (client: PickableClient) => void;
  disabled: boolean;
  field: { name: string; "aria-invalid"?: boolean; "aria-describedby"?: string };
  error: React.ReactNode;
}) {
  const [query, setQuery] = useState(initialQuery);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const { clients: found, more } = search.data ?? picked;
  // The chosen client stays visible (and submitted) while a search shows others.
  const shown = selected && !found.some((c) => c.id === selected.id) ? [selected, ...found] : found;
  const searching = search.state !== "idle";

  const runSearch = (q: string) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      search.submit({ q }, { method: "get" });
    }, DEBOUNCE_MS);
  };

  return (
    <fieldset className="grid min-w-0 grid-cols-1 gap-3" aria-describedby={field["aria-describedby"]}>
      <legend className="mb-1 text-sm font-medium">Client</legend>
      <div className="grid gap-1">
        <label htmlFor="lesson-client-search" className="text-sm text-muted-foreground">
          Search clients by name or email
        </label>
        <div className="flex gap-2">
          <input
            id="lesson-client-search"
            data-field="clientId"
            aria-invalid={field["aria-invalid"]}
            type="search"
            name="q"
            form={searchFormId}
            value={query}
            maxLength={100}
            autoComplete="off"
            spellCheck={false}
            placeholder="Name or email"
            disabled={disabled}
            onChange={(event) => {
              setQuery(event.currentTarget.value);
              runSearch(event.currentTarget.value);
            }}
            className={`w-0 min-w-0 flex-1 ${inputClass}`}
          />
          <Button
            type="submit"
            variant="outline"
            size="field"
            form={searchFormId}
            disabled={disabled}
            onClick={() => clearTimeout(timer.current)}
          >
            Search
          </Button>
        </div>
      </div>
      <div
        aria-busy={searching}
        className={`max-h-72 overflow-y-auto rounded-md border border-border transition-opacity ${
          searching ? "opacity-60" : ""
        }`}
      >
        {shown.length > 0 && (
          <ul className="divide-y divide-border">
            {shown.map((client) => {
              const id = `lesson-client-${client.id}`;
              const checked = selected?.id === client.id;
              return (
                <li key={client.id}>
                  <label
                    htmlFor={id}
                    className={`flex cursor-pointer items-center gap-3 px-3 py-2 hover:bg-muted ${
                      checked ? "bg-accent text-accent-foreground" : ""
                    }`}
                  >
                    <input
                      id={id}
                      type="radio"
                      name={field.name}
                      value={client.id}
                      checked={checked}
                      disabled={disabled}
                      onChange={() => onSelect(client)}
                      className="size-4 shrink-0 accent-primary"
                    />
                    <span className="min-w-0">
                      <span className="block truncate font-medium">{clientLabel(client)}</span>
                      {client.fullName?.trim() && (
                        <span className="block truncate text-sm text-muted-foreground">{client.email}</span>
                      )}
                    </span>
                  </label>
                </li>
              );
            })}
          </ul>
        )}
        <div aria-live="polite">
          {found.length === 0 ? (
            <p className="px-3 py-2 text-sm text-muted-foreground">No matches</p>
          ) : more ? (
            <p className="border-t border-border px-3 py-2 text-sm text-muted-foreground">
              {`The first ${found.length} are shown: type more of a name or email to find others.`}
            </p>
          ) : (
            <p className="sr-only">
              {found.length === 1 ? "1 client shown" : `${found.length} clients shown`}
            </p>
          )}
        </div>
      </div>
      {error}
    </fieldset>
  );
}
