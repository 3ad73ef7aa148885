import type { Locator, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { collectPageErrors, fileBrowser, screenshot } from '../support/e2e/browser.ts'
import { baseURL } from '../support/e2e/stack.ts'

const browser = fileBrowser()

async function openHome(viewport: { width: number; height: number }, path = '/') {
  const page = await browser().newPage({ viewport })
  const errors = collectPageErrors(page)
  await page.goto(baseURL + path)
  await page.getByRole('heading', { level: 2, name: 'Cursos Online' }).waitFor()
  return { page, errors }
}

/** The left edge of the first slide: it moves when the carousel scrolls. */
const firstSlideX = async (carousel: Locator) =>
  (await carousel.locator('[aria-roledescription="slide"]').first().boundingBox())!.x

/** The list's top reaches the upper half of the window (and the smooth scroll gets there). */
const scrolledTo = (page: Page, selector: string) =>
  page.waitForFunction((target) => {
    const top = document.querySelector(target)?.getBoundingClientRect().top ?? -1
    return top >= -5 && top < window.innerHeight / 2
  }, selector)

/** Waits until the carousel's track stands still (two readings 100 ms apart agree), as the eye does. */
async function still(carousel: Locator) {
  let last = Number.NaN
  await expect
    .poll(
      async () => {
        const x = await firstSlideX(carousel)
        const same = x === last
        last = x
        return same
      },
      { interval: 100, timeout: 5000 },
    )
    .toBe(true)
  return last
}

/** The last card's right edge within the track's window: the carousel shows its end. */
const atEnd = (carousel: Locator) =>
  carousel.evaluate((section) => {
    const slides = section.querySelectorAll('[aria-roledescription="slide"]')
    const last = slides[slides.length - 1]
    const viewport = last?.closest('ul')?.parentElement
    if (!last || !viewport) return false
    return last.getBoundingClientRect().right <= viewport.getBoundingClientRect().right + 1
  })

describe('home page showcase in Chromium', () => {
  it('shows the seeded lists, cards by their rules, and follows an anchor button', async () => {
    const { page, errors } = await openHome({ width: 1366, height: 900 })

    await expect(page.getByRole('heading', { level: 1, name: 'Cursos' }).isVisible()).resolves.toBe(true)
    await expect(page.getByText('Cursos repletos de conteúdo para você').isVisible()).resolves.toBe(true)
    await expect(page.getByText('Click e veja:').isVisible()).resolves.toBe(true)
    for (const title of ['Cursos Online', 'Cursos Presenciais', 'Nefrologia Intervencionista']) {
      await expect(page.getByRole('heading', { level: 2, name: title }).isVisible()).resolves.toBe(true)
    }

    // Card rules: cart mode, 'realizar inscrição' (open, no product), 'Saiba mais', name_splited, struck price.
    const online = page.locator('#cursos-online')
    expect(await online.getByRole('button', { name: 'Adicionar ao carrinho' }).count()).toBeGreaterThan(2)
    const presencial = page.locator('#cursos-presenciais')
    expect(await presencial.getByRole('link', { name: 'realizar inscrição' }).count()).toBeGreaterThan(0)
    const intervencionista = page.locator('#nefrologia-intervencionista')
    expect(await intervencionista.getByRole('link', { name: 'Saiba mais' }).count()).toBeGreaterThan(0)
    await expect(
      intervencionista.getByText('Acesso Vascular', { exact: true }).first().isVisible(),
    ).resolves.toBe(true)
    expect(await intervencionista.locator('s, del').first().textContent()).toMatch(/R\$\s?\d/)
    await expect(online.getByText('R$ 1.000,00').first().isVisible()).resolves.toBe(true)

    await page
      .getByRole('navigation', { name: 'Listas de cursos' })
      .getByRole('link', { name: 'Nefrologia Intervencionista' })
      .click()
    await page.waitForFunction(() => location.hash === '#nefrologia-intervencionista')
    await scrolledTo(page, '#nefrologia-intervencionista')
    await screenshot(page, 'home-anchor-desktop')
    expect(errors).toEqual([])
    await page.close()
  })

  it('arrows move a carousel and are disabled at its ends; dragging moves it too', async () => {
    const { page, errors } = await openHome({ width: 1366, height: 900 })
    const section = page.locator('#cursos-presenciais')
    await section.scrollIntoViewIfNeeded()
    const previous = section.getByRole('button', { name: 'Anterior' })
    const next = section.getByRole('button', { name: 'Próximo' })

    // The arrow state settles 300 ms after the carousel starts: 'Próximo' comes alive, 'Anterior' not.
    await expect.poll(() => next.isDisabled()).toBe(false)
    expect(await previous.isDisabled()).toBe(true)

    const start = await firstSlideX(section)
    await next.click()
    await expect.poll(() => firstSlideX(section)).toBeLessThan(start - 50)
    await expect.poll(() => previous.isDisabled()).toBe(false)

    // On to the end: once the last card shows whole, 'Próximo' goes out.
    let x = await still(section)
    for (let i = 0; i < 12 && !(await atEnd(section)); i++) {
      await next.click()
      await expect.poll(() => firstSlideX(section)).toBeLessThan(x)
      x = await still(section)
    }
    await expect.poll(() => next.isDisabled()).toBe(true)
    await screenshot(page, 'home-carousel-end-desktop')

    await previous.click()
    await expect.poll(() => next.isDisabled()).toBe(false)
    const beforeDrag = await still(section)
    const card = section.locator('[aria-roledescription="slide"]').nth(2)
    const box = (await card.boundingBox())!
    await page.mouse.move(box.x + box.width / 2, box.y + 40)
    await page.mouse.down()
    await page.mouse.move(box.x + box.width / 2 + 120, box.y + 40, { steps: 8 })
    await page.mouse.up()
    await still(section)
    expect(await firstSlideX(section)).toBeGreaterThan(beforeDrag + 50)
    expect(errors).toEqual([])
    await page.close()
  })

  it('a drag begun before the carousel engine arrived goes on once it has (the press is handed over)', async () => {
    const page = await browser().newPage({ viewport: { width: 1366, height: 900 } })
    const errors = collectPageErrors(page)
    // The engine is fetched at the first sign of a person (here the scroll to the list); it takes
    // 3 s to arrive.
    let engineArrived = false
    await page.route(/\/assets\/embla-carousel[\w.-]*\.js$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 3000))
      await route.continue()
      engineArrived = true
    })
    await page.goto(baseURL)
    const section = page.locator('#cursos-presenciais')
    await section.scrollIntoViewIfNeeded()
    // The arrows come alive from the layout alone, before the engine.
    await expect.poll(() => section.getByRole('button', { name: 'Próximo' }).isDisabled()).toBe(false)

    const start = await firstSlideX(section)
    const box = (await section.locator('[aria-roledescription="slide"]').nth(1).boundingBox())!
    await page.mouse.move(box.x + box.width / 2, box.y + 40)
    await page.mouse.down()
    expect(engineArrived).toBe(false)
    // Still held while the engine arrives, then dragged towards the next cards.
    await expect.poll(() => engineArrived, { timeout: 10_000 }).toBe(true)
    await page.waitForTimeout(200)
    await page.mouse.move(box.x + box.width / 2 - 200, box.y + 40, { steps: 10 })
    await page.mouse.up()
    expect(await still(section)).toBeLessThan(start - 100)
    expect(errors).toEqual([])
    await page.close()
  })

  it('on a 375 px phone: swipes through a carousel, and a hash in the URL scrolls to its list after loading', async () => {
    const { page, errors } = await openHome({ width: 375, height: 800 }, '/#cursos-presenciais')
    await scrolledTo(page, '#cursos-presenciais')

    const section = page.locator('#cursos-presenciais')
    const start = await firstSlideX(section)
    const card = section.locator('[aria-roledescription="slide"]').first()
    const box = (await card.boundingBox())!
    await page.mouse.move(box.x + box.width * 0.8, box.y + 40)
    await page.mouse.down()
    await page.mouse.move(box.x + box.width * 0.8 - 150, box.y + 40, { steps: 8 })
    await page.mouse.up()
    expect(await still(section)).toBeLessThan(start - 100)

    // A card without an image, or with a broken one, shows the default course image.
    const images = page.locator('#home-cursos img[src$="default-course.svg"]')
    await expect.poll(() => images.count(), { timeout: 5000 }).toBeGreaterThan(0)
    await screenshot(page, 'home-phone')
    expect(errors.filter((e) => !e.includes('inexistente.svg') && !e.includes('404'))).toEqual([])
    await page.close()
  })
})
