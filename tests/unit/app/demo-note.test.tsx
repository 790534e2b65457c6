/**
 * Every page says, in one line at the top, when it shows the bundled demo data: the root layout
 * reads the flag `npm run demo` sets (`DEMO_DATA`), server-side; without it, no such line.
 */
import { renderToStaticMarkup } from "react-dom/server";
import RootLayout from "@/app/layout";
import { resetConfigForTests } from "@/lib/config";

function render(demoData: string | undefined): string {
  if (demoData === undefined) delete process.env.DEMO_DATA;
  else process.env.DEMO_DATA = demoData;
  resetConfigForTests();
  return renderToStaticMarkup(RootLayout({ children: <p>page</p> }));
}

afterAll(() => {
  delete process.env.DEMO_DATA;
  resetConfigForTests();
});

it("with the demo's flag, the first thing in the body is the demo line", () => {
  const html = render("true");
  expect(html).toMatch(
    /<body[^>]*><p data-testid="demo-data-note"[^>]*>Showing the bundled demo data/,
  );
});

it("without it (or set false), no demo line", () => {
  expect(render(undefined)).not.toContain("demo-data-note");
  expect(render("false")).not.toContain("demo-data-note");
});
