/**
 * Dune timestamps → ISO 8601. Accepts `2024-04-07T20:32:19.553232Z`, up to 9 fractional
 * digits (`…24.916543331Z`), `2024-03-11 00:00:00.000 UTC` and zone-less `2022-05-04 00:00:00.000`
 * (read as UTC). Returns null for anything else.
 */
const DUNE_TIMESTAMP =
  /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2}(?::\d{2})?)(?:\.(\d{1,9}))?\s*(Z|UTC|[+-]\d{2}:?\d{2})?$/i;
const MILLIS_DIGITS = 3;

function zoneSuffix(zone: string | undefined): string {
  if (zone === undefined || /^(z|utc)$/i.test(zone)) return "Z";
  return zone.includes(":") ? zone : `${zone.slice(0, 3)}:${zone.slice(3)}`;
}

export function normaliseDuneTimestamp(value: string): string | null {
  const match = DUNE_TIMESTAMP.exec(value.trim());
  if (!match) return null;
  const [, date, time, fraction, zone] = match;
  const millis = fraction ? `.${fraction.padEnd(MILLIS_DIGITS, "0").slice(0, MILLIS_DIGITS)}` : "";
  const ms = Date.parse(`${date}T${time}${millis}${zoneSuffix(zone)}`);
  return Number.isNaN(ms) ? null : new Date(ms).toISOString();
}
