/** The shape of a methodology constant and the helper that lists a module's constants. */
export type MethodologyValue = number | Readonly<Record<string, number>>;

export interface MethodologyConstant {
  value: MethodologyValue;
  /** Unit of the value(s), e.g. `USD`, `bps`, `ms`, `ratio`, `points`. */
  unit: string;
  /** Source module under lib/domain. */
  module: string;
  description: string;
}

/** [value, unit, one-line description] */
type Row = readonly [MethodologyValue, string, string];

export function section<K extends string>(
  module: string,
  rows: Readonly<Record<K, Row>>,
): Record<K, MethodologyConstant> {
  const out = {} as Record<K, MethodologyConstant>;
  for (const key of Object.keys(rows) as K[]) {
    const [value, unit, description] = rows[key];
    out[key] = { value, unit, module, description };
  }
  return out;
}
