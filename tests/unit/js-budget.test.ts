// The production build that the JavaScript budget is measured on (the budget itself:
// tests/http/js-budget.test.ts, on the pages as served): the Remix floor pinned in
// tests/helpers/js-weight.ts still describes this build, and every style the server's markup uses
// is in the CSS bundle.
import { describe, expect, it } from "vitest";
import { JS_FLOOR_BYTES, buildProblems, entryBytes, readBuild, stylesMissingFromBundle } from "../helpers/js-weight";

describe("the production build", () => {
  const problems = buildProblems();

  it("is a production build of the current sources", () => {
    expect(problems).toEqual([]);
  });

  const build = problems.length ? null : readBuild();

  it.skipIf(!build)("the pinned floor still describes this build's React and Remix (else measure it again: npx tsx bench/js-floor.ts)", () => {
    // This app's entry is React, react-dom, the Remix runtime (with the router features the app
    // uses) and a 10-line entry.client; the floor is the template's entry plus a 470-byte root and
    // index route. A React or Remix upgrade moves the entry by more than this.
    const entry = entryBytes(build!);
    expect(Math.abs(entry - JS_FLOOR_BYTES), `entry ${entry} bytes, floor ${JS_FLOOR_BYTES}`).toBeLessThanOrEqual(2048);
  });

  it.skipIf(!build)("brings every style the server's markup uses to the CSS bundle (a server-only component's styles come with an import in its route)", () => {
    expect(stylesMissingFromBundle()).toEqual([]);
  });
});
