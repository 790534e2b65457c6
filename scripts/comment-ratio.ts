/**
 * Comment lines against code lines of the .ts/.tsx files in the given folders (not recursive):
 * a line is a comment line when it holds only comment text (`//`, `/* … *\/`, a block's inner
 * lines); blank lines count as neither. Usage: npx tsx scripts/comment-ratio.ts lib/snapshot
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

const PERCENT = 100;

export function countLines(source: string): { comments: number; code: number } {
  let comments = 0;
  let code = 0;
  let inBlock = false;
  for (const raw of source.split("\n")) {
    const line = raw.trim();
    if (line === "") continue;
    if (inBlock) {
      comments += 1;
      inBlock = !line.includes("*/");
    } else if (line.startsWith("//")) comments += 1;
    else if (line.startsWith("/*")) {
      comments += 1;
      inBlock = !line.slice(2).includes("*/");
    } else code += 1;
  }
  return { comments, code };
}

function main(dirs: string[]): void {
  for (const dir of dirs) {
    const files = readdirSync(dir).filter((f) => /\.tsx?$/.test(f));
    const total = { comments: 0, code: 0 };
    for (const file of files) {
      const { comments, code } = countLines(readFileSync(path.join(dir, file), "utf8"));
      total.comments += comments;
      total.code += code;
    }
    const ratio = ((PERCENT * total.comments) / Math.max(1, total.code)).toFixed(1);
    console.log(
      `${dir}: ${files.length} files, ${total.code} code lines, ${total.comments} comment lines (${ratio} % of code)`,
    );
  }
}

main(process.argv.slice(2));
