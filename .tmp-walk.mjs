import { chromium } from 'playwright-core'
const base = 'http://127.0.0.1:8787'
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless','--no-sandbox','--disable-gpu','--disable-background-networking','--disable-component-update','--disable-sync'] })
const issues = []
async function walk(width, height, who, paths) {
  const ctx = await browser.newContext({ viewport: { width, height }, extraHTTPHeaders: { 'CF-Connecting-IP': `10.9.${width % 250}.${who.length}` } })
  const page = await ctx.newPage()
  page.on('console', (m) => { if (m.type() === 'error') issues.push(`${who} ${width} console: ${m.text()}`) })
  page.on('pageerror', (e) => issues.push(`${who} ${width} pageerror: ${e.message}`))
  if (who !== 'anon') {
    const [email, password] = who === 'admin' ? ['admin@instituto.test','Admin@12345'] : ['aluno@instituto.test','Aluno@12345']
    const r = await page.request.post(`${base}/login`, { data: { email, password } })
    if (!r.ok()) issues.push(`login ${who} ${r.status()} ${await r.text()}`)
  }
  for (const p of paths) {
    const res = await page.goto(base + p)
    await page.waitForLoadState('networkidle').catch(() => {})
    await page.waitForTimeout(500)
    const sw = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
    if (sw > 0) issues.push(`${who} ${width} ${p}: sideways ${sw}px`)
    const name = `${who}-${width}-${p.replace(/[^a-z0-9]+/gi, '_')}`
    await page.screenshot({ path: `/tmp/walk/${name}.png`, fullPage: false })
    console.log(res?.status(), name, await page.title())
  }
  await ctx.close()
}
const student = ['/usuario/cursos', '/usuario/editais', '/usuario/compras']
const admin = ['/admin', '/admin/certificados', '/admin/editais', '/admin/matriculas']
const anon = ['/', '/editais/especializacao-multiprofissional-em-nefrologia-2027', '/certificados/RN-0000000000']
for (const [w, h] of [[375, 812], [1366, 900]]) {
  await walk(w, h, 'anon', anon)
  await walk(w, h, 'aluno', student)
  await walk(w, h, 'admin', admin)
}
console.log(issues.join('\n') || 'no issues')
await browser.close()
