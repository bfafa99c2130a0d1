// Every vitest test fails on an unexpected console.error, as every e2e test does (tests/e2e/fixtures.ts).
// A test that provokes one on purpose says so first: `expectConsoleError(/answer does not match/)`;
// the message is then required (the test fails if it never comes) and not printed.
import { afterEach, beforeEach } from "vitest";

let expected: { pattern: RegExp; seen: boolean }[] = [];
let unexpected: string[] = [];
const original = console.error.bind(console);

console.error = (...args: unknown[]) => {
  const text = args.map((a) => (a instanceof Error ? `${a.message}\n${a.stack ?? ""}` : typeof a === "string" ? a : JSON.stringify(a))).join(" ");
  const match = expected.find((e) => e.pattern.test(text));
  if (match) {
    match.seen = true;
    return;
  }
  unexpected.push(text);
  original(...args);
};

/** Declares a console.error the current test provokes on purpose. */
export function expectConsoleError(pattern: RegExp) {
  expected.push({ pattern, seen: false });
}

beforeEach(() => {
  expected = [];
  unexpected = [];
});

afterEach(() => {
  const problems = [
    ...unexpected.map((t) => `unexpected console.error: ${t.slice(0, 500)}`),
    ...expected.filter((e) => !e.seen).map((e) => `expected a console.error matching ${e.pattern}, none came`),
  ];
  expected = [];
  unexpected = [];
  if (problems.length) throw new Error(problems.join("\n"));
});
