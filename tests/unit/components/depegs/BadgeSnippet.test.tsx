/** @jest-environment jsdom */
import { render, screen } from "@testing-library/react";
import { BadgeSnippet } from "@/components/depegs/BadgeSnippet";
import { badgeSnippets } from "@/lib/badge/snippet";

const ORIGIN = "https://intel.example";
const HOSTILE = `USD+ (x)"><script>alert(1)</script>](javascript:x) *_\``;

describe("<BadgeSnippet>", () => {
  it("shows the escaped snippets on PUBLIC_BASE_URL, else on the page's own origin", () => {
    const { unmount } = render(<BadgeSnippet asset="usd+" symbol={HOSTILE} baseUrl={ORIGIN} />);
    const expected = badgeSnippets(ORIGIN, "usd+", HOSTILE);
    expect(screen.getByTestId("badge-snippet-html").textContent).toBe(expected.html);
    expect(screen.getByTestId("badge-snippet-md").textContent).toBe(expected.markdown);
    expect(screen.getByTestId("badge-preview").getAttribute("src")).toBe("/api/badge/usd%2B.svg");
    unmount();
    render(<BadgeSnippet asset="usdc" symbol="USDC" baseUrl={null} />);
    expect(screen.getByTestId("badge-snippet-md").textContent).toBe(
      badgeSnippets(window.location.origin, "usdc", "USDC").markdown,
    );
  });
});
