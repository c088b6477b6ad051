import { parseCurrency } from "~/domain/financing";
import { CURRENCY_STORAGE_KEY, DEFAULT_CURRENCY, readStoredCurrency, saveCurrency } from "~/lib/currency";

// The currency radios already choose the prices in CSS; this remembers the choice, follows other tabs
// and switches financed cards' views (docs/product/states.md, Currency and Pricing card).

const radios = [...document.querySelectorAll<HTMLInputElement>("[data-currency-toggle] input[type=radio]")];
const cards = [...document.querySelectorAll<HTMLElement>("[data-price-card]")];

function show(currency: string): void {
  for (const radio of radios) radio.checked = radio.value === currency;
  for (const card of cards) card.dataset.priceView = "financed";
}

// A default is not a choice, so nothing is saved.
if (!radios.some((radio) => radio.checked)) show(readStoredCurrency() ?? DEFAULT_CURRENCY);

for (const radio of radios) {
  radio.addEventListener("change", () => {
    const currency = parseCurrency(radio.value);
    if (!currency) return;
    show(currency);
    saveCurrency(currency);
  });
}

window.addEventListener("storage", (event) => {
  if (event.key !== CURRENCY_STORAGE_KEY) return;
  const currency = parseCurrency(event.newValue);
  if (currency) show(currency);
});

for (const card of cards) {
  for (const toggle of card.querySelectorAll("[data-price-view-toggle]")) {
    toggle.addEventListener("click", () => {
      card.dataset.priceView = card.dataset.priceView === "upfront" ? "financed" : "upfront";
    });
  }
}
