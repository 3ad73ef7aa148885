/**
 * Buttons pressed before the app had taken over a page the Worker rendered: the page's boot
 * script (worker/ssr/inline-scripts.ts) kept them, marked busy. Once the app answers input they
 * are pressed again, in order, so no first click is lost however slow the phone. The presses
 * wait for a task of their own: inside React's commit, a press on a part of the page still to
 * hydrate (each showcase list hydrates on its own) could not make React hydrate it at once.
 */
export function replayEarlyClicks() {
  const queue = (window as { __earlyClicks?: HTMLElement[] }).__earlyClicks
  if (!queue || queue.length === 0) return
  const pressed = queue.splice(0)
  setTimeout(() => {
    for (const button of pressed) {
      button.removeAttribute('aria-busy')
      // Replaced meanwhile (the app re-rendered that part): the press no longer names anything.
      if (button.isConnected && !(button as HTMLButtonElement).disabled) button.click()
    }
  }, 0)
}
