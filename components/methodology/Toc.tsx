import { METHOD_SECTIONS } from "./sections";

/** Table of contents of the methodology page. */
export function Toc() {
  return (
    <nav
      aria-labelledby="toc-heading"
      className="rounded-lg border border-slate-200 p-4 dark:border-slate-800"
    >
      <h2 id="toc-heading" className="text-sm font-semibold">
        Contents
      </h2>
      <ol className="mt-2 grid list-inside list-decimal gap-x-6 gap-y-1 text-sm sm:grid-cols-2 lg:grid-cols-3">
        {METHOD_SECTIONS.map((s) => (
          <li key={s.id}>
            <a href={`#${s.id}`} className="text-sky-700 underline dark:text-sky-400">
              {s.title}
            </a>
          </li>
        ))}
      </ol>
    </nav>
  );
}
