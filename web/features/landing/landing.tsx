const PROGRAMS = [
  {
    title: 'EMS Training',
    text: 'CoAEMSP 2023 Student Minimum Competency Matrix for EMT, AEMT, Paramedic and Critical Care.',
  },
  { title: 'Fire Training', text: 'NFPA 1001/1010 job performance requirements with state-level customisation.' },
  { title: 'Police Training', text: 'POST learning domains and field-training evaluation.' },
];
const FEATURES = [
  {
    title: 'Role-Based Access',
    text: 'Students, instructors, administration, preceptors and directors each see what they need.',
  },
  { title: 'Skills Tracking', text: 'Record attempts and progress per skill, even with no signal.' },
  { title: 'Standards Compliance', text: 'Track accreditation requirements and the resource assessment matrix.' },
  { title: 'Progress Reports', text: 'Progress, compliance and graduation readiness computed from your records.' },
];

/** What a signed-out visitor sees at /. */
export function Landing() {
  return (
    <main className="mx-auto max-w-5xl px-4 py-10">
      <section className="text-center">
        <h1 className="text-3xl font-bold text-brand-900 sm:text-4xl">Public Safety Training Platform</h1>
        <p className="mx-auto mt-3 max-w-2xl text-slate-600">
          Competency tracking and accreditation records for EMS, Fire and Police education programs.
        </p>
        <a
          href="/api/login"
          className="mt-6 inline-block rounded-lg bg-brand-700 px-6 py-3 font-semibold text-white hover:bg-brand-900"
        >
          Sign In to Platform
        </a>
      </section>
      <section className="mt-10 grid gap-4 sm:grid-cols-3">
        {PROGRAMS.map((p) => (
          <article key={p.title} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
            <h2 className="font-semibold">{p.title}</h2>
            <p className="mt-2 text-sm text-slate-600">{p.text}</p>
          </article>
        ))}
      </section>
      <section className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {FEATURES.map((f) => (
          <article key={f.title} className="rounded-xl bg-white p-5">
            <h2 className="font-semibold">{f.title}</h2>
            <p className="mt-2 text-sm text-slate-600">{f.text}</p>
          </article>
        ))}
      </section>
    </main>
  );
}
