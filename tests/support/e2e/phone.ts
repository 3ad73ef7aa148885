import type { BrowserContextOptions, Page } from 'playwright-core'

// A 375 px phone and what must hold on it (issue 22, item 1): no screen scrolls sideways. The
// accessibility journey's phone pass checks it on every page kind it visits (tests/e2e/a11y-phone.test.ts);
// the phone walk on the admin's dialogs and panels that journey does not open (phone-walk.test.ts).

/** A 375 px phone as both journeys open it (a phone's pixel density: layout as a phone shows it). */
export const PHONE = {
  viewport: { width: 375, height: 812 },
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
} satisfies BrowserContextOptions

/** Nothing on the page still loading: no 'Carregando...' row, no busy region. */
export function settled(page: Page) {
  return page.waitForFunction(
    () =>
      !Array.from(document.querySelectorAll('[role="status"]')).some((status) =>
        status.textContent?.includes('Carregando'),
      ) && document.querySelector('[aria-busy="true"]') === null,
  )
}

/** How many px the page scrolls sideways (0 or less: it fits); the simple measure, no culprits. */
export function pageOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
}

/** The admin list's table with its first row of data, brought into view. */
export function firstRow(table: string) {
  return async (page: Page) => {
    const region = page.getByRole('region', { name: table })
    await region.locator('tbody tr').first().waitFor()
    await settled(page)
    await region.scrollIntoViewIfNeeded()
  }
}

/**
 * What scrolls sideways: the page (scrollWidth − clientWidth, measured as a phone shows it: a
 * phone's layout viewport grows to fit the page, so `window.innerWidth` would hide it), and the
 * few outermost elements that stick out past the screen's right edge without a scrolling box of
 * their own to hold them; an open dialog must fit the screen and not scroll sideways either.
 * Wide tables scroll inside their own box.
 */
export function sidewaysScroll(page: Page): Promise<{ overflow: number; culprits: string[] }> {
  return page.evaluate(() => {
    const root = document.documentElement
    const width = root.clientWidth
    const describe = (element: Element) =>
      `<${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''} class="${element.getAttribute('class') ?? ''}"> right ${Math.round(element.getBoundingClientRect().right)}`
    // Inside a box that scrolls or clips and itself fits the screen; fixed boxes follow the
    // layout viewport, which grows with the page on a phone (they show the overflow, not cause it).
    const held = (element: Element) => {
      if (getComputedStyle(element).position === 'fixed') return true
      for (
        let parent = element.parentElement;
        parent && parent !== document.body;
        parent = parent.parentElement
      ) {
        const style = getComputedStyle(parent)
        if (style.position === 'fixed') return true
        if (style.overflowX !== 'visible' && parent.getBoundingClientRect().right <= width + 0.5) return true
      }
      return false
    }
    const outermost: Element[] = []
    for (const element of Array.from(document.body.querySelectorAll('*'))) {
      if (element.getBoundingClientRect().right <= width + 0.5 || held(element)) continue
      if (outermost.some((outer) => outer.contains(element))) continue
      outermost.push(element)
    }
    const dialogs = Array.from(document.querySelectorAll('[role="dialog"], [role="alertdialog"]')).flatMap(
      (dialog) => {
        const rect = dialog.getBoundingClientRect()
        const inner = [dialog, ...Array.from(dialog.querySelectorAll('*'))].filter(
          (element) =>
            element.scrollWidth > element.clientWidth + 1 &&
            ['auto', 'scroll', 'hidden'].includes(getComputedStyle(element).overflowX) &&
            element.getAttribute('role') !== 'region',
        )
        return [
          ...(rect.left < -0.5 || rect.right > width + 0.5
            ? [`dialog from ${Math.round(rect.left)} to ${Math.round(rect.right)} px`]
            : []),
          ...inner.map((element) => `dialog content scrolls sideways: ${describe(element)}`),
        ]
      },
    )
    return {
      overflow: root.scrollWidth - root.clientWidth,
      culprits: [...outermost.slice(0, 4).map(describe), ...dialogs],
    }
  })
}
