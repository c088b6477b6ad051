// Placeholder: this page is being written.
export default function Page() {
  return (
    <section className="mx-auto max-w-6xl px-4 py-12">
      <h1 className="text-3xl font-bold">Admin</h1>
    </section>
  );
}
