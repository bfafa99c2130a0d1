// Axis scale for the SVG charts: a "nice" maximum (1, 2, 2.5 or 5 × 10^n steps) and its ticks.
// Pure and browser-safe.

export function niceScale(maxValue: number, targetTicks = 4): { max: number; step: number; ticks: number[] } {
  if (!(maxValue > 0) || !Number.isFinite(maxValue)) return { max: 1, step: 1, ticks: [0, 1] };
  const raw = maxValue / targetTicks;
  const mag = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * mag).find((s) => s >= raw) ?? 10 * mag;
  // Whole-number data never gets fractional ticks (a count of 0.5 users makes no sense).
  const s = maxValue >= 1 && step < 1 ? 1 : step;
  const max = Math.ceil(maxValue / s) * s;
  const ticks: number[] = [];
  for (let t = 0; t <= max + s / 2; t += s) ticks.push(Number(t.toPrecision(12)));
  return { max, step: s, ticks };
}
