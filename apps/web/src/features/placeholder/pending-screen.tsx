/** Shown on routes whose screens have not been built yet, so a route never renders blank. */
export function PendingScreen({ title }: { title: string }) {
  return (
    <section className="rounded-2xl border border-dashed border-slate-300 bg-white p-8 text-center">
      <h1 className="text-xl font-bold text-slate-900">{title}</h1>
      <p className="mt-2 text-sm text-slate-600">This screen is not available yet.</p>
    </section>
  );
}
