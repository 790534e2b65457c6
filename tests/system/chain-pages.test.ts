/**
 * System (production build, `next start`), issue 28: one path per chain page. A listed chain's
 * canonical name renders, its other spellings (aggregate labels, case) answer 308 there, an
 * unknown chain gets the 404 page, and a flood of distinct unknown and case-variant spellings
 * stores no page each (the build directory grows by less than the asset pages' bound).
 */
import { startFakeUpstream, type FakeUpstream } from "@/tests/fake-upstream/server";
import { get } from "@/scripts/bench/load";
import { PAGE_CACHE_DISK_BOUND_BYTES, treeBytes } from "@/scripts/bench/page-spellings";
import {
  buildDir,
  dropSnapshot,
  snapshotBuild,
  startNextApp,
  type NextApp,
} from "@/scripts/bench/servers";

jest.setTimeout(240_000);

const PERMANENT_REDIRECT = 308;
const FLOOD = 400;

let fake: FakeUpstream;
let app: NextApp;

beforeAll(async () => {
  snapshotBuild();
  fake = await startFakeUpstream({ port: 0 });
  app = await startNextApp({ fake });
});

afterAll(async () => {
  await app?.stop();
  await fake?.close();
  dropSnapshot();
});

async function page(segment: string) {
  const res = await get(`${app.url}/chains/${segment}`, {}, "manual");
  return { status: res.status, location: res.headers.get("location"), body: await res.text() };
}

test("the canonical name renders; labels and case variants answer 308 to it", async () => {
  expect((await page("bnb")).status).toBe(200);
  for (const [spelling, canonical] of [
    ["BSC", "bnb"],
    ["Ethereum", "ethereum"],
    ["OP%20Mainnet", "optimism"],
    ["TRON", "tron"],
  ] as const) {
    const r = await page(spelling);
    expect([spelling, r.status]).toEqual([spelling, PERMANENT_REDIRECT]);
    expect(new URL(r.location!, app.url).pathname).toBe(`/chains/${canonical}`);
  }
});

test("unknown or malformed chains answer the 404 page; a flood stores no page each", async () => {
  for (const s of ["no-such-chain", "bad~chain", "..%2f..%2fpackage.json"]) {
    const r = await page(s);
    expect([s, r.status]).toEqual([s, 404]);
    expect(r.body).toContain("Chain not found");
  }
  const before = treeBytes(buildDir());
  const statuses = new Set<number>();
  for (let i = 0; i < FLOOD; i++) {
    const segment = i % 2 === 0 ? `zz-chain-${i}` : ["Ethereum", "ETHEREUM", "Tron", "BSC"][i % 4]!;
    const res = await get(`${app.url}/chains/${segment}`, {}, "manual");
    await res.arrayBuffer();
    statuses.add(res.status);
  }
  expect([...statuses].sort()).toEqual([308, 404]);
  expect(treeBytes(buildDir()) - before).toBeLessThan(PAGE_CACHE_DISK_BOUND_BYTES);
});
