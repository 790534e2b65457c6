/**
 * The root layout's links (header and footer, on every page) do not prefetch: prefetching made
 * each page fetch five other pages' payloads and load and run their client code right after
 * hydration, on the main thread the visitor's own page needs to become interactive.
 */
import { renderToStaticMarkup } from "react-dom/server";
import RootLayout from "@/app/layout";

const linkProps: { href: unknown; prefetch?: unknown }[] = [];

jest.mock("next/link", () => {
  const Link = (props: { href: string; prefetch?: boolean; children?: React.ReactNode }) => {
    linkProps.push(props);
    return <a href={props.href}>{props.children}</a>;
  };
  return { __esModule: true, default: Link };
});

it("every next/link in the layout has prefetch={false}", () => {
  renderToStaticMarkup(RootLayout({ children: <p>page</p> }));
  expect(linkProps.length).toBeGreaterThanOrEqual(6);
  expect(linkProps.filter((p) => p.prefetch !== false).map((p) => p.href)).toEqual([]);
});
