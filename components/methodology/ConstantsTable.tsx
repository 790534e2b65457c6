import { METHODOLOGY_CONSTANTS } from "@/lib/domain/methodology";
import { constantValue } from "./fmtConst";

const ROWS = Object.entries(METHODOLOGY_CONSTANTS);

/** Narrow screens: one card per constant instead of a five-column table. */
function ConstantCards() {
  return (
    <ul className="space-y-2 sm:hidden" aria-label="Named constants">
      {ROWS.map(([name, c]) => (
        <li
          key={name}
          className="rounded-md border border-slate-200 p-3 text-xs dark:border-slate-800"
        >
          <p className="font-mono font-medium break-all">{name}</p>
          <p className="tabular mt-1 font-medium">
            {constantValue(c.value, c.unit).map((line) => (
              <span key={line} className="block">
                {line}
              </span>
            ))}
          </p>
          <p className="mt-1 text-slate-600 dark:text-slate-300">
            {c.description}{" "}
            <span className="text-slate-500 dark:text-slate-400">
              ({c.unit}, {c.module})
            </span>
          </p>
        </li>
      ))}
    </ul>
  );
}

/** Every named constant, read from the code that uses it (values cannot drift from this page). */
export function ConstantsTable() {
  const rows = ROWS;
  return (
    <>
      <ConstantCards />
      <div
        className="hidden overflow-x-auto sm:block"
        tabIndex={0}
        role="region"
        aria-label="Named constants table"
      >
        <table className="w-full min-w-[40rem] text-left text-sm" data-testid="constants-table">
          <caption className="pb-1 text-left text-xs text-slate-500 dark:text-slate-400">
            {rows.length} constants from lib/domain, with their units
          </caption>
          <thead>
            <tr className="border-b border-slate-200 text-xs text-slate-500 dark:border-slate-800 dark:text-slate-400">
              <th scope="col" className="py-1.5 pr-3 font-medium">
                Name
              </th>
              <th scope="col" className="py-1.5 pr-3 font-medium">
                Value
              </th>
              <th scope="col" className="py-1.5 pr-3 font-medium">
                Unit
              </th>
              <th scope="col" className="py-1.5 pr-3 font-medium">
                Module
              </th>
              <th scope="col" className="py-1.5 font-medium">
                Description
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map(([name, c]) => (
              <tr
                key={name}
                id={`const-${name}`}
                className="border-b border-slate-100 align-top last:border-b-0 dark:border-slate-800/70"
              >
                <th scope="row" className="py-1.5 pr-3 font-mono text-xs font-medium break-all">
                  {name}
                </th>
                <td className="tabular py-1.5 pr-3 text-xs whitespace-nowrap">
                  {constantValue(c.value, c.unit).map((line) => (
                    <span key={line} className="block">
                      {line}
                    </span>
                  ))}
                </td>
                <td className="py-1.5 pr-3 text-xs">{c.unit}</td>
                <td className="py-1.5 pr-3 font-mono text-xs">{c.module}</td>
                <td className="py-1.5 text-xs text-slate-700 dark:text-slate-300">
                  {c.description}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
