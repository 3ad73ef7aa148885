import type { Page } from 'playwright-core'

// Evidence of study in Chromium (issue 39): the local player over the demo video, as a student plays it.

/** Plays the lesson on screen at 2× in the local player until the page says it is done. */
export async function playAtTwice(page: Page, title: string) {
  await page.getByRole('heading', { level: 2, name: title }).waitFor()
  await page.getByRole('button', { name: /Reproduzir a videoaula/ }).click()
  const video = page.locator(`video[aria-label="Videoaula: ${title}"]`)
  await video.waitFor()
  await video.evaluate((element: HTMLVideoElement) => {
    element.playbackRate = 2
  })
  // 24 s of video in 12 s, sent as it plays and at its end: counted. Not quite 100 %: the first
  // milliseconds pass before the browser says it plays, and so do a few at each buffering stall.
  await page.getByText(/^Concluída: (9\d|100)% do vídeo reproduzido$/).waitFor({ timeout: 40_000 })
}
