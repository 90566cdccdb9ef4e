import { monitorEventLoopDelay, type IntervalHistogram } from 'node:perf_hooks';

/** Whether the process is saturated with work it must answer, for background work that can wait. */
export interface LoopPressure {
  /** True while callbacks wait on average more than `saturatedLagMs` (since the previous call). */
  saturated(): boolean;
  stop(): void;
}

/**
 * Event-loop lag as the sign of saturation: while requests queue for the one JavaScript thread,
 * each callback waits for the ones before it and a timer fires late by tens of milliseconds;
 * below saturation it fires nearly on time, however busy the process is with work that comes
 * and goes. Utilization cannot tell the two apart: a worker draining its own backlog keeps the
 * loop as busy as a queue of buyers does. Sampled every `resolutionMs`.
 */
export function createLoopPressure({
  saturatedLagMs = 20,
  resolutionMs = 10,
  histogram = monitorEventLoopDelay({ resolution: resolutionMs }),
}: {
  saturatedLagMs?: number;
  resolutionMs?: number;
  /** The lag samples (tests pass their own: a real loop's lag on a busy CI machine is the machine's). */
  histogram?: Pick<IntervalHistogram, 'count' | 'mean' | 'reset' | 'enable' | 'disable'>;
} = {}): LoopPressure {
  histogram.enable();
  let last = false;
  return {
    saturated() {
      // A window with no sample yet (asked again within one resolution) keeps the last verdict.
      if (histogram.count > 0) last = histogram.mean / 1e6 > saturatedLagMs;
      histogram.reset();
      return last;
    },
    stop: () => histogram.disable(),
  };
}
