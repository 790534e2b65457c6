import type { ReactNode } from "react";
import { sectionTitle, type MethodSectionId } from "./sections";

/** A methodology section: an anchored heading (linkable) and prose. */
export function MethodSection({ id, children }: { id: MethodSectionId; children: ReactNode }) {
  const title = sectionTitle(id);
  return (
    <section id={id} aria-labelledby={`${id}-heading`} className="scroll-mt-4 space-y-3">
      <h2 id={`${id}-heading`} className="group text-lg font-semibold tracking-tight">
        {title}{" "}
        <a
          href={`#${id}`}
          className="text-sm font-normal text-slate-400 no-underline hover:text-sky-700 dark:text-slate-500 dark:hover:text-sky-400"
          aria-label={`Link to ${title}`}
        >
          #
        </a>
      </h2>
      <div className="space-y-3 text-sm leading-6 text-slate-700 dark:text-slate-300 [&>p]:max-w-prose [&>ol]:max-w-prose [&>ul]:max-w-prose">
        {children}
      </div>
    </section>
  );
}

/** A formula on its own line(s); scrolls sideways on narrow screens instead of overflowing. */
export function Formula({ children }: { children: ReactNode }) {
  return (
    <pre className="overflow-x-auto rounded-md bg-slate-100 px-3 py-2 font-mono text-xs leading-5 text-slate-900 dark:bg-slate-900 dark:text-slate-100">
      {children}
    </pre>
  );
}

/** Inline code-ish name of a field or constant. */
export function Name({ children }: { children: ReactNode }) {
  return (
    <code className="rounded bg-slate-100 px-1 py-0.5 font-mono text-[0.8em] break-words text-slate-900 dark:bg-slate-800 dark:text-slate-100">
      {children}
    </code>
  );
}

/** A small two-or-more-column table for thresholds and weights. */
export function MiniTable({
  caption,
  head,
  rows,
}: {
  caption: string;
  head: readonly string[];
  rows: ReadonlyArray<ReadonlyArray<ReactNode>>;
}) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="pb-1 text-left text-xs text-slate-500 dark:text-slate-400">
          {caption}
        </caption>
        <thead>
          <tr className="border-b border-slate-200 text-xs text-slate-500 dark:border-slate-800 dark:text-slate-400">
            {head.map((h) => (
              <th key={h} scope="col" className="py-1 pr-4 font-medium">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r, i) => (
            <tr
              key={i}
              className="border-b border-slate-100 align-top last:border-b-0 dark:border-slate-800/70"
            >
              {r.map((c, j) => (
                <td key={j} className="tabular py-1 pr-4">
                  {c}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
