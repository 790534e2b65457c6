/**
 * The shipped SQL (queries/*.sql) and the row contract the service validates must not drift:
 * each file's header names its query-id variable and TTL class, documents exactly the columns of
 * docs/route-contract.md "Scheduled snapshots" (= the zod row schema, in order), and its final SELECT outputs exactly those columns.
 * Nothing here talks to Dune.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import type { DuneQueryName } from "@/lib/config";
import { QUERY_ROW_SCHEMAS } from "@/lib/snapshot/query-rows";
import { SNAPSHOT_TTL_CLASS } from "@/lib/snapshot/snapshots";

const QUERIES_DIR = path.join(__dirname, "../../../queries");

const FILES: ReadonlyArray<readonly [string, DuneQueryName, string]> = [
  ["supply_by_chain.sql", "supplyByChain", "DUNE_QUERY_SUPPLY_BY_CHAIN"],
  ["cex_flows.sql", "cexFlows", "DUNE_QUERY_CEX_FLOWS"],
  ["protocol_flows.sql", "protocolFlows", "DUNE_QUERY_PROTOCOL_FLOWS"],
  ["chain_migration.sql", "chainMigration", "DUNE_QUERY_CHAIN_MIGRATION"],
  ["issuer_exposure.sql", "issuerExposure", "DUNE_QUERY_ISSUER_EXPOSURE"],
];

function header(sql: string): string {
  return sql
    .split("\n")
    .filter((line) => line.startsWith("--"))
    .join("\n");
}

/** Column names documented between "Row contract" and the next header section. */
function documentedColumns(sql: string): string[] {
  const lines = header(sql).split("\n");
  const start = lines.findIndex((l) => l.includes("Row contract"));
  const out: string[] = [];
  for (const line of lines.slice(start + 1)) {
    const m = /^--\s{5}(\w+)\s{2,}\S/.exec(line);
    if (m?.[1]) out.push(m[1]);
    else if (/^--\s\S/.test(line)) break; // next section ("-- Privacy …")
  }
  return out;
}

/** Output column aliases of the final top-level SELECT (one `… AS name` per line). */
function selectedColumns(sql: string): string[] {
  const selectAt = sql.lastIndexOf("\nSELECT\n");
  const fromAt = sql.indexOf("\nFROM ", selectAt);
  return sql
    .slice(selectAt + "\nSELECT\n".length, fromAt)
    .split("\n")
    .map((line) => /\bAS\s+"?(\w+)"?,?\s*$/.exec(line.trim())?.[1])
    .filter((c): c is string => c !== undefined);
}

describe.each(FILES)("queries/%s", (file, name, variable) => {
  const sql = readFileSync(path.join(QUERIES_DIR, file), "utf8");
  const columns = Object.keys(QUERY_ROW_SCHEMAS[name].shape);

  it("names its query-id variable and snapshot TTL class", () => {
    expect(header(sql)).toMatch(new RegExp(`Query id variable : ${variable}\\b`));
    expect(header(sql)).toMatch(new RegExp(`Snapshot TTL class: ${SNAPSHOT_TTL_CLASS[name]}\\b`));
  });

  it("documents exactly the row-schema columns, in order", () => {
    expect(documentedColumns(sql)).toEqual(columns);
  });

  it("selects exactly the row-schema columns, in order", () => {
    expect(selectedColumns(sql)).toEqual(columns);
  });

  it("states the privacy rules and how an operator creates and schedules it", () => {
    const h = header(sql);
    expect(h).toMatch(/aggregate/i);
    expect(h).toMatch(/holder analytics/i);
    expect(h).toMatch(/Operator \(Dune UI\): Create → New query/);
    expect(h).toMatch(/"Schedule"/);
    expect(h).toMatch(/never runs the query/);
  });

  it("reads spellbook tables only and writes nothing", () => {
    const body = sql
      .split("\n")
      .filter((l) => !l.startsWith("--"))
      .join("\n");
    expect(body).toMatch(/tokens_ethereum\.erc20_stablecoins/);
    expect(body).not.toMatch(/\b(INSERT|UPDATE|DELETE|CREATE|DROP|ALTER|MERGE)\b/i);
  });
});

it("labels only come from public, source-backed label tables", () => {
  for (const file of ["cex_flows.sql", "issuer_exposure.sql"]) {
    const sql = readFileSync(path.join(QUERIES_DIR, file), "utf8");
    expect(sql).toMatch(/cex\.addresses/);
    expect(header(sql)).toMatch(/unlabeled/i);
    expect(sql).toMatch(/label_source/);
  }
});
