import { CURRENCIES, type Currency } from "~/domain/financing";

const NAMES: Record<Currency, string> = { CAD: "Canadian dollars", USD: "US dollars" };

/**
 * Native radios; the checked one shows its prices in CSS (app.css, "Pricing"), so it works without a
 * script. Neither is checked while the currency is unknown.
 */
export function CurrencyToggle({ value }: { value: Currency | null }) {
  return (
    <fieldset className="inline-flex items-center gap-3" data-currency-toggle="">
      <legend className="float-left mr-3 text-sm font-medium text-muted-foreground">Currency</legend>
      <div className="inline-flex rounded-full border border-border bg-card p-1">
        {CURRENCIES.map((currency) => (
          <label
            key={currency}
            title={NAMES[currency]}
            className="cursor-pointer rounded-full px-4 py-1.5 text-sm font-semibold text-muted-foreground transition-colors hover:text-foreground has-checked:bg-primary has-checked:text-primary-foreground has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-ring"
          >
            <input
              type="radio"
              name="currency"
              value={currency}
              defaultChecked={value === currency}
              className="sr-only"
            />
            {currency}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
