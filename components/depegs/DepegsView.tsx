import { AsOf } from "@/components/ui/AsOf";
import { WarningsNotice } from "@/components/ui/Notice";
import type { getDepegs } from "@/lib/depegs";
import { EventsTable } from "./EventsTable";
import { RuleNote } from "./RuleNote";
import { fileStampOf } from "./stamp";

type Body = Extract<Awaited<ReturnType<typeof getDepegs>>, { ok: true }>["body"];

/** The /depegs page body: heading, feeds, rule, then the event table (window chosen there). */
export function DepegsView({ body }: { body: Body }) {
  return (
    <div className="space-y-6">
      <div className="space-y-2">
        <h1 className="text-2xl font-semibold tracking-tight">Depeg events</h1>
        <p className="max-w-prose text-sm text-slate-600 dark:text-slate-300">
          Every time a USD stablecoin left its peg by more than 100 bps for an hour or longer, from
          the aggregate&apos;s daily prices of every coin and the market provider&apos;s hourly
          series where read. On coins of 1 B USD or more an event is confirmed only when a second
          independent source shows it; unconfirmed events stay listed, marked. {body.coins.length}{" "}
          coins examined: {body.coin_set}
        </p>
        <div className="flex flex-wrap items-center gap-3 text-sm">
          <a href="/depegs.atom" className="text-sky-700 underline dark:text-sky-400">
            Atom feed
          </a>
          <a href="/depegs.json" className="text-sky-700 underline dark:text-sky-400">
            JSON feed
          </a>
          <a href="/api/stablecoin-depegs" className="text-sky-700 underline dark:text-sky-400">
            JSON API
          </a>
          <span className="text-xs text-slate-500 dark:text-slate-400">
            {body.metadata.sources
              .map((s) => `${s.name} (${s.type})`)
              .filter((v, i, a) => a.indexOf(v) === i)
              .join(", ")}
            , <AsOf iso={body.metadata.as_of} />
          </span>
        </div>
      </div>
      <WarningsNotice warnings={body.warnings} />
      <RuleNote />
      {body.history_unavailable.length > 0 ? (
        <p
          className="text-sm font-medium text-amber-800 dark:text-amber-300"
          data-testid="history-unavailable"
        >
          History unavailable for {body.history_unavailable.join(", ")}: their events are not listed
          (not measured, not absent).
        </p>
      ) : null}
      <EventsTable
        events={body.events}
        asOf={body.metadata.as_of}
        coins={body.coins}
        unavailable={body.history_unavailable}
        fileStamp={fileStampOf(body.metadata.as_of)}
      />
    </div>
  );
}
