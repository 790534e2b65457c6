/**
 * Raw Dune `GET /query/{query_id}/results` page (tests/fake-upstream/fixtures/samples/README.md §4). Rows keep their SQL
 * cell types (numbers may be strings). A page without a finished run's `execution_ended_at` or
 * without `result` is not a usable snapshot and fails validation.
 */
import { z } from "zod";
import { looseRecord } from "../parse";
import { normaliseDuneTimestamp } from "./timestamps";

const endedAtSchema = z.string().transform((value, ctx) => {
  const iso = normaliseDuneTimestamp(value);
  if (iso === null) {
    ctx.issues.push({ code: "custom", message: "unrecognised timestamp", input: value });
    return z.NEVER;
  }
  return iso;
});

export const resultsPageSchema = z.object({
  execution_id: z.string().min(1),
  query_id: z.union([z.number(), z.string()]).transform(String),
  state: z.string(),
  is_execution_finished: z.boolean().nullish(),
  execution_ended_at: endedAtSchema,
  next_offset: z.number().int().nonnegative().nullish(),
  result: z.object({
    rows: z.array(looseRecord),
    metadata: z
      .object({
        column_names: z.array(z.string()).nullish(),
        row_count: z.number().nullish(),
        total_row_count: z.number().int().nonnegative().nullish(),
      })
      .nullish(),
  }),
});
export type RawResultsPage = z.output<typeof resultsPageSchema>;
