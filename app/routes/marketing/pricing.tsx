// Placeholder: this page is being written.
export default function Page() {
  return (
    <section className="mx-auto max-w-6xl px-4 py-16">
      <h1 className="text-4xl font-bold">Pricing</h1>
    </section>
  );
}
