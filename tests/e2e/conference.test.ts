import type { BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { TALK_ROWS } from '../../db/seed-data/conference.ts'
import type { ClockAnswer } from '../../worker/domain/conference.ts'
import { collectPageErrors, fileBrowser, screenshot } from '../support/e2e/browser.ts'
import { LIVE_TALK, simulateClock } from '../support/e2e/conference.ts'
import { baseURL } from '../support/e2e/stack.ts'

const browser = fileBrowser()

const SIMULATED_NOW = LIVE_TALK.initAt.getTime() + 10 * 60_000

async function serverClock(): Promise<ClockAnswer> {
  return (await (await fetch(`${baseURL}/4a-jornada-multiprofissional/get/video_init`)).json()) as ClockAnswer
}

beforeAll(async () => {
  await simulateClock(SIMULATED_NOW)
})
afterAll(async () => {
  await simulateClock(null)
})

type Viewer = { context: BrowserContext; page: Page; errors: string[]; videoHost: string[] }

/** A viewer whose device clock is `skewMs` off (Playwright's clock: it keeps running from there). */
async function viewer(skewMs: number, viewport = { width: 1280, height: 900 }): Promise<Viewer> {
  const context = await browser().newContext({ viewport })
  await context.clock.install({ time: Date.now() + skewMs })
  const videoHost: string[] = []
  // No network here, and nothing must reach the video host before play: requests are recorded
  // and answered by a stand-in page.
  await context.route(/youtube(-nocookie)?\.com|ytimg\.com|googlevideo\.com/, (route) => {
    videoHost.push(route.request().url())
    return route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>vídeo</title>' })
  })
  const page = await context.newPage()
  const errors = collectPageErrors(page)
  await page.goto(`${baseURL}/4a-jornada-multiprofissional`)
  return { context, page, errors, videoHost }
}

const seconds = (clock: string) => {
  const [h = 0, m = 0, s = 0] = clock.split(':').map(Number)
  return h * 3600 + m * 60 + s
}
const brasilia = (instant: number) =>
  new Intl.DateTimeFormat('pt-BR', {
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    timeZone: 'America/Sao_Paulo',
  }).format(instant)

describe('the live conference in Chromium', () => {
  it('two viewers whose clocks differ by minutes see the live talk at the server’s offset', async () => {
    const ahead = await viewer(7 * 60_000)
    const behind = await viewer(-4 * 60_000 - 30_000, { width: 375, height: 740 })
    // Their devices disagree by 11 min 30 s.
    const deviceGap = await Promise.all([ahead, behind].map((v) => v.page.evaluate(() => Date.now())))
    expect(deviceGap[0]! - deviceGap[1]!).toBeGreaterThan(11 * 60_000)

    for (const { page, videoHost } of [ahead, behind]) {
      const stage = page.getByRole('region', { name: 'Transmissão' })
      await stage.getByText('Ao vivo', { exact: true }).waitFor()
      expect(await stage.getByText(LIVE_TALK.title).first().isVisible()).toBe(true)
      // The official clock is the server's, within a second, whatever the device says.
      const shown = await page.getByTestId('official-clock').textContent()
      const server = await serverClock()
      expect(Math.abs(seconds(shown!) - seconds(brasilia(server.now)))).toBeLessThanOrEqual(1)
      expect(videoHost).toEqual([]) // nothing from the video host before play
    }

    const starts: number[] = []
    for (const { page, videoHost } of [ahead, behind]) {
      const stage = page.getByRole('region', { name: 'Transmissão' })
      await stage.getByRole('button', { name: 'Assistir ao vivo' }).click()
      const frame = stage.locator('iframe')
      await frame.waitFor()
      const { now } = await serverClock()
      const src = new URL((await frame.getAttribute('src'))!)
      expect(src.origin).toBe('https://www.youtube-nocookie.com')
      expect(src.pathname).toBe(`/embed/${LIVE_TALK.youtubeId}`)
      const start = Number(src.searchParams.get('start'))
      // now − init, into the talk's place in the day's video.
      const expected = LIVE_TALK.videoInit! + (now - LIVE_TALK.initAt.getTime()) / 1000
      expect(Math.abs(start - expected)).toBeLessThanOrEqual(1.5)
      starts.push(start - (now - SIMULATED_NOW) / 1000)
      expect(videoHost.some((url) => url.startsWith('https://www.youtube-nocookie.com/embed/'))).toBe(true)
    }
    // Both at the same second of the video, minutes of device clock apart.
    expect(Math.abs(starts[0]! - starts[1]!)).toBeLessThanOrEqual(1.5)

    await screenshot(ahead.page, 'conference-live-desktop')
    await screenshot(behind.page, 'conference-live-phone')
    for (const { context, errors } of [ahead, behind]) {
      expect(errors).toEqual([])
      await context.close()
    }
  })

  it('between talks a countdown, and the page is reached from the footer', async () => {
    const next = TALK_ROWS.find((talk) => talk.day === 1 && talk.slot === 3)!
    // Talk [1,2] ran its 50 minutes (09:20–10:10); [1,3] is at 10:30.
    await simulateClock(next.initAt.getTime() - 5 * 60_000)
    const context = await browser().newContext({ viewport: { width: 1280, height: 900 } })
    const page = await context.newPage()
    const errors = collectPageErrors(page)
    await page.goto(`${baseURL}/`)
    await page.getByRole('contentinfo').getByRole('link', { name: '4ª Jornada Multiprofissional' }).click()
    await page.waitForURL((url) => url.pathname === '/4a-jornada-multiprofissional')
    const stage = page.getByRole('region', { name: 'Transmissão' })
    await stage.getByText('Intervalo. A próxima palestra começa em').waitFor()
    const timer = await stage.getByRole('timer').textContent()
    expect(seconds(timer!)).toBeGreaterThan(4 * 60 + 50)
    expect(seconds(timer!)).toBeLessThanOrEqual(5 * 60)
    expect(await stage.getByText(next.title).isVisible()).toBe(true)
    await screenshot(page, 'conference-break')
    expect(errors).toEqual([])
    await context.close()
    await simulateClock(SIMULATED_NOW)
  })
})
