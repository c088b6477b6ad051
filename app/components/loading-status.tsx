export function LoadingStatus() {
  return (
    <div
      role="status"
      className="fixed bottom-4 left-1/2 z-40 flex -translate-x-1/2 items-center gap-2 rounded-full border border-border bg-card px-4 py-2 text-sm text-card-foreground shadow-lg"
    >
      <span
        aria-hidden="true"
        className="inline-block size-3 animate-spin rounded-full border-2 border-primary border-t-transparent"
      />
      Loading…
    </div>
  );
}
