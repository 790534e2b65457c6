/** Issue 25 §6: after hostile upstream names went through, no object prototype has changed. */
export function expectNoPollution(): void {
  const probe: Record<string, unknown> = {};
  expect(Object.getPrototypeOf(probe)).toBe(Object.prototype);
  expect(Object.keys(Object.prototype)).toEqual([]);
  expect(typeof probe.toString).toBe("function");
  expect(probe.currentUsd).toBeUndefined();
}
