import type { Page } from 'playwright-core'
import { expect } from 'vitest'

/** What has the keyboard focus, and why a person might not see it (empty when they do). */
export type FocusReport = { role: string; name: string; problems: string[] }

/** A ring thinner than this is not a focus indicator one can rely on seeing (WCAG 2.4.13 asks 2 px). */
const MIN_INDICATOR_PX = 2

/**
 * Runs in the page: the focused element, its accessible name (roughly: aria-label, its label,
 * aria-labelledby, its text), and what would keep a sighted keyboard user from seeing it: the
 * focus fell back to the document, no outline nor box-shadow ring of at least 2 px, zero size,
 * off the window, or covered by something else (a sticky header, a toast).
 */
function reportFocus(minIndicatorPx: number): FocusReport {
  const element = document.activeElement
  if (!element || element === document.body || element === document.documentElement) {
    return { role: 'document', name: '', problems: ['the focus fell back to the document'] }
  }
  const text = (node: Element | null) => (node?.textContent ?? '').replace(/\s+/g, ' ').trim()
  const labelledBy = element.getAttribute('aria-labelledby')
  const name =
    element.getAttribute('aria-label') ??
    (element instanceof HTMLInputElement ||
    element instanceof HTMLSelectElement ||
    element instanceof HTMLTextAreaElement
      ? text(element.labels?.[0] ?? null)
      : null) ??
    (labelledBy
      ? labelledBy
          .split(' ')
          .map((id) => text(document.getElementById(id)))
          .join(' ')
      : null) ??
    text(element)
  const role =
    element.getAttribute('role') ??
    (element instanceof HTMLInputElement ? `input:${element.type}` : element.tagName.toLowerCase())

  const problems: string[] = []
  const style = getComputedStyle(element)
  const alphaOf = (color: string) => {
    const parts = color.match(/[\d.]+/g) ?? []
    return color.startsWith('rgba') ? Number(parts[3] ?? 1) : 1
  }
  const outline =
    style.outlineStyle !== 'none' &&
    Number.parseFloat(style.outlineWidth) >= minIndicatorPx &&
    alphaOf(style.outlineColor) > 0
  const ring =
    style.boxShadow !== 'none' &&
    style.boxShadow.split(/,(?![^(]*\))/).some((shadow) => {
      const color = shadow.match(/rgba?\([^)]*\)/)?.[0] ?? 'rgb(0, 0, 0)'
      const [, , , spread = 0] = (shadow.replace(color, '').match(/-?[\d.]+px/g) ?? []).map(Number.parseFloat)
      return alphaOf(color) > 0 && spread >= minIndicatorPx
    })
  if (!outline && !ring) {
    problems.push(`no focus indicator (outline: ${style.outline}; box-shadow: ${style.boxShadow})`)
  }
  const box = element.getBoundingClientRect()
  if (box.width === 0 || box.height === 0) {
    problems.push('it has no size')
  } else if (box.bottom <= 0 || box.top >= innerHeight || box.right <= 0 || box.left >= innerWidth) {
    problems.push(`it is off the window (${Math.round(box.left)}, ${Math.round(box.top)})`)
  } else {
    // Seen when any of its centre and four inner corners is not under something else.
    const inset = Math.min(3, box.width / 2, box.height / 2)
    const points = [
      [box.left + box.width / 2, box.top + box.height / 2],
      [box.left + inset, box.top + inset],
      [box.right - inset, box.top + inset],
      [box.left + inset, box.bottom - inset],
      [box.right - inset, box.bottom - inset],
    ]
    const visible = points.some(([x = 0, y = 0]) => {
      const hit = document.elementFromPoint(
        Math.min(Math.max(x, 0), innerWidth - 1),
        Math.min(Math.max(y, 0), innerHeight - 1),
      )
      return hit !== null && (hit === element || element.contains(hit) || hit.contains(element))
    })
    if (!visible) {
      const cover = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2)
      problems.push(`it is covered by <${cover?.tagName.toLowerCase()}> "${text(cover).slice(0, 40)}"`)
    }
  }
  return { role, name, problems }
}

/**
 * The focus as a person sees it once the page is still: smooth scrolling and a closing dialog
 * take a moment, so this waits up to 3 s for a visible focus before failing with the reasons.
 */
export async function visibleFocus(page: Page, step: string): Promise<FocusReport> {
  let report: FocusReport = { role: '', name: '', problems: [] }
  await expect
    .poll(
      async () => {
        report = await page.evaluate(reportFocus, MIN_INDICATOR_PX)
        return report.problems
      },
      { timeout: 3000, interval: 100, message: `focus after ${step}` },
    )
    .toEqual([])
  return report
}

/** Presses `key` and checks that the focus is visible afterwards. */
export async function press(page: Page, key: string): Promise<FocusReport> {
  await page.keyboard.press(key)
  // Some widgets move the focus in a task of their own (Radix's roving focus in menus uses a
  // setTimeout): the focus is read after the tasks the key queued.
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)))
  return visibleFocus(page, key)
}

/** Presses `key` (Tab, Shift+Tab, an arrow) until the focus is on `target`, checking the focus at each step. */
export async function pressUntil(
  page: Page,
  key: 'Tab' | 'Shift+Tab' | 'ArrowDown' | 'ArrowUp',
  target: { name: string | RegExp; role?: string },
  max = 40,
): Promise<FocusReport & { seen: string[] }> {
  const seen: string[] = []
  for (let i = 0; i < max; i++) {
    const focus = await press(page, key)
    seen.push(`${focus.role} "${focus.name}"`)
    const nameMatches =
      typeof target.name === 'string' ? focus.name === target.name : target.name.test(focus.name)
    if (nameMatches && (target.role === undefined || focus.role === target.role)) return { ...focus, seen }
  }
  throw new Error(`${key} × ${max} never reached "${target.name}"; went through: ${seen.join(', ')}`)
}
