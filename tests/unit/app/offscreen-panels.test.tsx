/**
 * Every dashboard panel and homepage section is rendered by the browser only when it nears the
 * viewport (`content-visibility: auto`): a phone's first render of a long page styled, laid out
 * and painted every table below the fold at once. The markup (every number) is still sent and
 * stays in the document.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { renderToStaticMarkup } from "react-dom/server";
import { PanelFrame } from "@/components/ui/PanelFrame";
import { Section } from "@/components/ui/Section";

const CLASS = "render-when-near";
const css = readFileSync(path.resolve(__dirname, "../../../app/globals.css"), "utf8");

it("the class sets content-visibility: auto with a remembered size", () => {
  const rule = new RegExp(`\\.${CLASS}\\s*\\{([^}]*)\\}`).exec(css)?.[1] ?? "";
  expect(rule).toMatch(/content-visibility:\s*auto;/);
  expect(rule).toMatch(/contain-intrinsic-size:\s*auto \S+;/);
});

it("a panel and a section carry it, with their content in the markup", () => {
  const panel = renderToStaticMarkup(
    <PanelFrame
      id="p"
      title="Pool map"
      linkHref="/methodology#depth"
      linkLabel="Method"
      provenance={null}
    >
      <p>$1.2B</p>
    </PanelFrame>,
  );
  const section = renderToStaticMarkup(
    <Section id="s" title="Supply">
      <p>$3.4B</p>
    </Section>,
  );
  for (const [html, figure] of [
    [panel, "$1.2B"],
    [section, "$3.4B"],
  ] as const) {
    expect(html).toMatch(new RegExp(`<section[^>]*class="[^"]*\\b${CLASS}\\b`));
    expect(html).toContain(figure);
  }
});
