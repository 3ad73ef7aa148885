import { BaseSequencer, type TestSpecification } from 'vitest/node'

/**
 * The order the files start in. Vitest's own (the slowest first by its cache, the largest first on
 * a clean clone, which has none) is kept for every project but the journeys', whose files run in
 * lanes (E2E_WORKERS, one stack each: tests/support/e2e/workers.ts) and are of two kinds:
 *
 * - most wait: on a video playing at 2×, on a webhook, on the page after a click. One lane leaves
 *   the machine's cores mostly idle (a journey file keeps about a third of 2 cores busy), which a
 *   second lane takes;
 * - a few keep the cores busy by themselves (HEAVY: the accessibility passes and the phone walk
 *   open three pages at a time, each run through axe or laid out): two of them side by side
 *   timed pages out. They start far apart.
 *
 * The order is drawn by playing the lanes out on each file's usual time (SECONDS, one lane on a
 * quiet 2-core machine; a new file counts as DEFAULT_SECONDS): the longest first, except that a
 * heavy file waits for the lane that frees while no other heavy one runs, and the lanes end close
 * together. A file's real time differs a little from its usual one; the order is then a little off,
 * never wrong: every file runs once whatever the order.
 */
const SECONDS: Record<string, number> = {
  'a11y-phone': 300,
  'a11y-desktop': 260,
  'account-ownership': 170,
  certificates: 150,
  'phone-walk': 120,
  checkout: 85,
  admin: 80,
  student: 60,
  accounts: 50,
  'editais-admin': 50,
  assessment: 50,
  catalog: 48,
  'admin-dialogs': 45,
  recovery: 42,
  'shared-page': 40,
  home: 37,
  'gifts-and-withdrawal': 36,
  'keyboard-purchase': 36,
}
const HEAVY = new Set(['a11y-phone', 'a11y-desktop', 'phone-walk'])
const DEFAULT_SECONDS = 20
const JOURNEYS = 'e2e'

const nameOf = (file: TestSpecification) => (file.moduleId.split('/').pop() ?? '').replace(/\.test\.ts$/, '')

/** Journey files in the order they should start on `lanes` lanes. */
export function laneOrder<File>(files: File[], lanes: number, name: (file: File) => string): File[] {
  const seconds = (file: File) => SECONDS[name(file)] ?? DEFAULT_SECONDS
  const waiting = [...files].sort((a, b) => seconds(b) - seconds(a) || name(a).localeCompare(name(b)))
  if (lanes <= 1) return waiting
  // When each lane frees, and whether a heavy file runs on it until then.
  const free = Array.from({ length: lanes }, () => ({ at: 0, heavyUntil: 0 }))
  const order: File[] = []
  while (waiting.length > 0) {
    const lane = free.reduce((soonest, each) => (each.at < soonest.at ? each : soonest))
    const heavyRunning = free.some((other) => other !== lane && other.heavyUntil > lane.at)
    const index = heavyRunning ? waiting.findIndex((file) => !HEAVY.has(name(file))) : 0
    const [next] = waiting.splice(index === -1 ? 0 : index, 1)
    order.push(next!)
    lane.at += seconds(next!)
    lane.heavyUntil = HEAVY.has(name(next!)) ? lane.at : 0
  }
  return order
}

export default class FileOrder extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files)
    const journeys = sorted.filter((file) => file.project.name === JOURNEYS)
    if (journeys.length === 0) return sorted
    const lanes = journeys[0]!.project.config.maxWorkers ?? 1
    const ordered = laneOrder(journeys, Number(lanes) || 1, nameOf)
    // The journeys keep their place among the projects (their group), in their own order.
    let next = 0
    return sorted.map((file) => (file.project.name === JOURNEYS ? ordered[next++]! : file))
  }
}
