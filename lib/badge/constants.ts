/** The badge's fixed label and path suffix: shared by the route, the SVG and the snippets. */
export const BADGE_LABEL = "peg";
export const BADGE_SUFFIX = ".svg";
