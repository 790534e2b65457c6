/**
 * Which text a treemap tile can carry without running over its neighbours. nivo centres a label
 * in its tile and skips it only by the tile's shorter side (`labelSkipSize`), so a wide label on a
 * narrow tile spills onto the next one; this picks the longest label that fits instead.
 * Presentation only: the width of a text is estimated from its length.
 */

/** nivo's default label size (theme.labels.text.fontSize) in px. */
export const LABEL_FONT_PX = 11;
/** Average advance of a character of the system sans-serif at that size (digits and capitals are wider than 0.5 em). */
const CHAR_WIDTH_EM = 0.62;
/** Room kept free on each side of a label inside its tile. */
const LABEL_INSET_PX = 4;
/** A tile shorter than this carries no label (one line of text plus its inset). */
export const MIN_LABEL_HEIGHT_PX = LABEL_FONT_PX + 2 * LABEL_INSET_PX;

/** Estimated width of `text` in px at `fontPx`. */
export function textWidthPx(text: string, fontPx: number = LABEL_FONT_PX): number {
  return [...text].length * fontPx * CHAR_WIDTH_EM;
}

/** True when `text` fits on one line across `widthPx`, inset on both sides. */
const fitsAcross = (text: string, widthPx: number) =>
  textWidthPx(text) + 2 * LABEL_INSET_PX <= widthPx;

/**
 * A leaf's label: `name value` when it fits, else the name alone, else nothing (the tooltip and
 * the table beside the chart still carry it).
 */
export function leafLabel(
  name: string,
  value: string,
  box: { width: number; height: number },
): string {
  if (box.height < MIN_LABEL_HEIGHT_PX) return "";
  return [`${name} ${value}`, name].find((text) => fitsAcross(text, box.width)) ?? "";
}

/** A parent's label (its issuer, in the band along the tile's top); nothing when it does not fit. */
export function parentLabel(name: string, box: { width: number }): string {
  return fitsAcross(name, box.width) ? name : "";
}
