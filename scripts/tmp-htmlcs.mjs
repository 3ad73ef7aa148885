import { chromium } from 'playwright-core'
import { readFileSync } from 'node:fs'
const src = readFileSync('/work/main/node_modules/html_codesniffer/build/HTMLCS.js', 'utf8').replaceAll('H98.InvalidAutocomplete_', 'H98.InvalidAutoComplete_')
const base = process.argv[2]
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' })
const page = await browser.newPage()
for (const path of process.argv.slice(3)) {
  await page.goto(base + path, { waitUntil: 'networkidle' })
  const t0 = Date.now(); const errs = await page.evaluate(`new Promise((resolve) => { ${src}
      HTMLCS.process('WCAG2AA', document, () => {
        resolve(HTMLCS.getMessages().filter((m) => m.type === HTMLCS.ERROR).map((m) => m.code + ' ' + m.msg.slice(0,150) + ' @ ' + (m.element.outerHTML||'').slice(0,200)))
      })
    })`)
  console.log(path, Date.now() - t0, 'ms', JSON.stringify(errs, null, 1).slice(0, 600))
}
await browser.close()
