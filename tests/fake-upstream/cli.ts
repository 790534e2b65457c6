/**
 * Fake upstream as a process:
 *   npx tsx tests/fake-upstream/cli.ts [--port 4010] [--host 127.0.0.1] [--now <ms|ISO>]
 *                                      [--scenario coingecko=429 ...] [--exit-on-stdin-end]
 *                                      [--market fixture|full]  (or env FAKE_UPSTREAM_MARKET)
 * Prints ONE line of JSON on stdout once listening:
 *   {"port":4010,"baseUrls":{STABLECOINS_API_URL,...},"env":{...baseUrls, DUNE_QUERY_*},
 *    "controlUrl":"http://127.0.0.1:4010/__control","redirectTargetUrl":"http://127.0.0.1:N/steal"}
 * and stays up until SIGTERM / SIGINT (or, with --exit-on-stdin-end, until its stdin closes — handy
 * when a parent spawns it with a stdin pipe and may die without signalling).
 * Note: `npx` does not forward SIGTERM to tsx; to stop a spawned CLI, signal the tsx process (spawn
 * `node_modules/.bin/tsx` directly) or its whole process group (`detached: true`, kill(-pid)).
 */
import {
  DEMO_DUNE_QUERY_IDS,
  marketFromEnv,
  startFakeUpstream,
  validateScenario,
  type Provider,
  type Scenario,
} from "./server";

function argValues(name: string): string[] {
  const out: string[] = [];
  const argv = process.argv.slice(2);
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i] as string;
    if (a === `--${name}` && argv[i + 1] !== undefined) out.push(argv[++i] as string);
    else if (a.startsWith(`--${name}=`)) out.push(a.slice(name.length + 3));
  }
  return out;
}

function fail(msg: string): never {
  console.error(`fake-upstream: ${msg}`);
  process.exit(2);
}

async function main(): Promise<void> {
  const portArg = argValues("port")[0] ?? process.env.FAKE_UPSTREAM_PORT ?? "0";
  const port = Number(portArg);
  if (!Number.isInteger(port) || port < 0 || port > 65535) fail(`invalid --port ${portArg}`);
  const host = argValues("host")[0] ?? "127.0.0.1";
  const nowArg = argValues("now")[0];
  let now: (() => number) | undefined;
  if (nowArg !== undefined) {
    const fixed = /^\d+$/.test(nowArg) ? Number(nowArg) : Date.parse(nowArg);
    if (!Number.isFinite(fixed)) fail(`invalid --now ${nowArg}`);
    now = () => fixed;
  }
  const marketArg = argValues("market")[0] ?? process.env.FAKE_UPSTREAM_MARKET;
  const market = marketFromEnv(marketArg ?? "fixture");
  if (!market) fail(`invalid --market ${String(marketArg)} (fixture | full)`);
  const fake = await startFakeUpstream({ port, host, now, market });
  for (const spec of argValues("scenario")) {
    const [provider, scenario] = spec.split("=");
    const err = validateScenario(provider, scenario);
    if (err) {
      await fake.close();
      fail(`--scenario ${spec}: ${err}`);
    }
    fake.setScenario(provider as Provider, scenario as Scenario);
  }
  console.log(
    JSON.stringify({
      port: fake.port,
      market,
      baseUrls: fake.baseUrls,
      env: { ...fake.baseUrls, ...DEMO_DUNE_QUERY_IDS },
      controlUrl: fake.controlUrl,
      redirectTargetUrl: fake.redirectTargetUrl,
    }),
  );
  let stopping = false;
  const stop = (): void => {
    if (stopping) return;
    stopping = true;
    void fake.close().then(() => process.exit(0));
  };
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
  if (process.argv.includes("--exit-on-stdin-end")) {
    process.stdin.on("end", stop);
    process.stdin.on("close", stop);
    process.stdin.resume();
  }
}

main().catch((e: unknown) => fail(e instanceof Error ? e.message : String(e)));
