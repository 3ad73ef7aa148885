// Debian's Chromium as the tests, the build's first-load measure and `npm run audit` run it.
import { existsSync } from 'node:fs'

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

/**
 * The journeys' browser: Debian's `chromium-headless-shell` when installed (`.ci/run` installs it),
 * else `chromium`. The same Chromium release (one Debian source package: Blink, V8, the network
 * stack) built as the headless shell Playwright itself runs headless tests in, without the
 * desktop browser's UI process: the e2e checkout journey's Chromium CPU went from 96 s to 56 s,
 * its time from 82 s to 63 s (decision 029). Lighthouse (`npm run audit`) keeps the full browser,
 * whose scores are a visitor's.
 */
export const E2E_CHROMIUM_PATH =
  process.env.CHROMIUM_PATH ??
  (existsSync('/usr/bin/chromium-headless-shell') ? '/usr/bin/chromium-headless-shell' : CHROMIUM_PATH)

/** Headless, and no background network: the machine has none. */
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
]
