import type { Locator, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { collectPageErrors, fileBrowser, screenshot } from '../support/e2e/browser.ts'
import { baseURL } from '../support/e2e/stack.ts'

// Issue 12, item 18 (WCAG 2.2.2): the showcase cards float for 6 to 12 s (SPEC section 9) and
// never stopped. The float pauses while the pointer or the focus is on the showcase, the
// showcase's own control stops and restarts it, and reduced motion has no float at all.

const browser = fileBrowser()

async function openHome(reducedMotion: 'reduce' | 'no-preference') {
  const page = await browser().newPage({ viewport: { width: 1366, height: 900 }, reducedMotion })
  const errors = collectPageErrors(page)
  await page.goto(baseURL)
  await page.getByRole('heading', { level: 2, name: 'Cursos Online' }).waitFor()
  return { page, errors }
}

/** The float as the browser runs it: its name, its play state, and the live animations. */
const motion = (card: Locator) =>
  card.evaluate((element) => {
    const style = getComputedStyle(element)
    return {
      name: style.animationName,
      state: style.animationPlayState,
      running: element.getAnimations().filter((animation) => animation.playState === 'running').length,
    }
  })

const floating = { name: 'card-float', state: 'running', running: 1 }
const paused = { name: 'card-float', state: 'paused', running: 0 }
const stopped = { name: 'none', state: 'running', running: 0 }

/** The pointer rests on the header and the focus in the search box: away from the showcase. */
async function lookAway(page: Page) {
  await page.mouse.move(20, 20)
  await page.getByRole('combobox', { name: 'Pesquisar cursos e produtos' }).focus()
}

describe('the showcase cards float, and stop', () => {
  it('pause under the pointer and the focus, and stop and restart by the control', async () => {
    const { page, errors } = await openHome('no-preference')
    const card = page.locator('#cursos-online article').first()
    const control = page.getByRole('button', { name: 'Parar animação' })
    await expect(motion(card)).resolves.toEqual(floating)
    const seconds = Number.parseFloat(
      await card.evaluate((element) => getComputedStyle(element).animationDuration),
    )
    expect(seconds).toBeGreaterThanOrEqual(6)
    expect(seconds).toBeLessThanOrEqual(12)

    // The pointer onto the card (a floating card is never 'stable' for Playwright's hover()).
    await card.evaluate((element) => element.scrollIntoView({ block: 'center', behavior: 'instant' }))
    const box = (await card.boundingBox())!
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2)
    await expect.poll(() => motion(card)).toEqual(paused)
    await lookAway(page)
    await expect.poll(() => motion(card)).toEqual(floating)

    await card.getByRole('button', { name: 'Adicionar ao carrinho' }).focus()
    await expect.poll(() => motion(card)).toEqual(paused)
    await lookAway(page)
    await expect.poll(() => motion(card)).toEqual(floating)

    // The control sits beside 'Click e veja:', visible, named in pt-BR.
    expect(await control.isVisible()).toBe(true)
    await control.click()
    const restart = page.getByRole('button', { name: 'Retomar animação' })
    await restart.waitFor()
    await lookAway(page)
    await expect.poll(() => motion(card)).toEqual(stopped)
    await screenshot(page, 'showcase-motion-stopped')

    // The choice holds on the next visit, until the control restarts the float.
    await page.reload()
    await restart.waitFor()
    await expect.poll(() => motion(card)).toEqual(stopped)
    await restart.press('Enter')
    await control.waitFor()
    await lookAway(page)
    await expect.poll(() => motion(card)).toEqual(floating)
    expect(errors).toEqual([])
    await page.close()
  })

  it('has no float and no control when the visitor asks for reduced motion', async () => {
    const { page, errors } = await openHome('reduce')
    await expect(motion(page.locator('#cursos-online article').first())).resolves.toEqual(stopped)
    expect(await page.getByRole('button', { name: /animação/ }).isVisible()).toBe(false)
    expect(errors).toEqual([])
    await page.close()
  })
})
