// The upstream's time: the system clock by default; tests inject a manual one (createUpstream's
// `clock`) to step over a lock-out or a link's expiry instead of waiting for it.
export interface Clock {
  now(): number;
  sleep(ms: number): Promise<void>;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  sleep: (ms) => new Promise((r) => setTimeout(r, ms)),
};

export interface ManualClock extends Clock {
  /** Moves time forward (a sleep does the same, at once). */
  advance(ms: number): void;
  /** The milliseconds slept so far (what a caller would have waited). */
  slept(): number;
}

export function manualClock(start = Date.now()): ManualClock {
  let t = start;
  let slept = 0;
  return {
    now: () => t,
    sleep: async (ms) => {
      t += ms;
      slept += ms;
    },
    advance: (ms) => {
      t += ms;
    },
    slept: () => slept,
  };
}
