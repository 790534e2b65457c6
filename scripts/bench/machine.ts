/** The machine a bench run was measured on, for the report header. */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { ROOT } from "./servers";

export const CHROMIUM_PATH = "/usr/bin/chromium";

export interface Machine {
  cpu: string;
  cores: number;
  memoryGiB: number;
  os: string;
  node: string;
  next: string;
  chromium: string;
  loadAverage: number[];
}

function version(pkg: string): string {
  try {
    const file = path.join(ROOT, "node_modules", pkg, "package.json");
    return (JSON.parse(readFileSync(file, "utf8")) as { version: string }).version;
  } catch {
    return "unknown";
  }
}

function chromiumVersion(): string {
  try {
    return execFileSync(CHROMIUM_PATH, ["--version"], {
      encoding: "utf8",
      timeout: 10_000,
      stdio: ["ignore", "pipe", "ignore"], // Debian's wrapper script prints shell noise on stderr
    }).trim();
  } catch {
    return "not found";
  }
}

export function describeMachine(): Machine {
  const cpus = os.cpus();
  return {
    cpu: cpus[0]?.model.trim() ?? "unknown",
    cores: cpus.length,
    memoryGiB: Math.round((os.totalmem() / 2 ** 30) * 10) / 10,
    os: `${os.type()} ${os.release()} (${os.arch()})`,
    node: process.version,
    next: version("next"),
    chromium: chromiumVersion(),
    loadAverage: os.loadavg().map((x) => Math.round(x * 100) / 100),
  };
}

export function versionOf(pkg: string): string {
  return version(pkg);
}
