/**
 * No next/link in the app prefetches. A link in the viewport would otherwise fetch its page's
 * payload and load and run that page's client code right after hydration, on the main thread
 * the visitor's own page needs to become interactive (the asset page's breadcrumb fetched the
 * home page's payload; the home page's rows, the asset pages'). Every page is cached on the
 * server, so a click still answers quickly. Read from the source (TypeScript's own parser), so
 * a link added anywhere later is held to it too.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";

const ROOT = path.resolve(__dirname, "../../..");

function tsxFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return tsxFiles(full);
    return e.name.endsWith(".tsx") ? [full] : [];
  });
}

/** The local name next/link is imported as, if the file imports it. */
function linkName(source: ts.SourceFile): string | null {
  for (const s of source.statements) {
    if (!ts.isImportDeclaration(s) || !ts.isStringLiteral(s.moduleSpecifier)) continue;
    if (s.moduleSpecifier.text !== "next/link") continue;
    return s.importClause?.name?.text ?? null;
  }
  return null;
}

const prefetchOff = (attrs: ts.JsxAttributes) =>
  attrs.properties.some(
    (p) =>
      ts.isJsxAttribute(p) &&
      p.name.getText() === "prefetch" &&
      p.initializer !== undefined &&
      ts.isJsxExpression(p.initializer) &&
      p.initializer.expression?.kind === ts.SyntaxKind.FalseKeyword,
  );

/** `file:line` of every link element that does not say `prefetch={false}`. */
function prefetchingLinks(file: string): string[] {
  const source = ts.createSourceFile(
    file,
    readFileSync(file, "utf8"),
    ts.ScriptTarget.Latest,
    true,
  );
  const name = linkName(source);
  if (name === null) return [];
  const out: string[] = [];
  const visit = (node: ts.Node) => {
    if (
      (ts.isJsxOpeningElement(node) || ts.isJsxSelfClosingElement(node)) &&
      node.tagName.getText() === name &&
      !prefetchOff(node.attributes)
    ) {
      const { line } = source.getLineAndCharacterOfPosition(node.getStart());
      out.push(`${path.relative(ROOT, file)}:${line + 1}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return out;
}

it("every next/link in app/ and components/ has prefetch={false}", () => {
  const files = ["app", "components"].flatMap((d) => tsxFiles(path.join(ROOT, d)));
  const withLinks = files.filter(
    (f) =>
      linkName(ts.createSourceFile(f, readFileSync(f, "utf8"), ts.ScriptTarget.Latest)) !== null,
  );
  expect(withLinks.length).toBeGreaterThan(10);
  expect(files.flatMap(prefetchingLinks)).toEqual([]);
});
